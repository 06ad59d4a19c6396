import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { extractSettings } from '../frontends/settings/index.js';
import type { AgentConfiguration, AgentModel } from '../model/types.js';
import { optionOf } from '../model/values.js';
import { withoutBom, type SyntaxError } from './analyze.js';

/** The project-level settings files Claude Code reads from a `.claude/` folder. */
const settingsFiles = ['settings.json', 'settings.local.json'];

export interface SettingsTrouble {
  absolutePath: string;
  text: string;
  errors: SyntaxError[];
}

/**
 * Finds the settings files that apply to agent code: those of the nearest
 * `.claude/` folder above the file (stopping at the repository root and
 * never climbing into the home directory, whose `.claude/` holds user
 * settings), or of the folder a literal `cwd` option names.
 */
export class ProjectSettings {
  private readonly byFolder = new Map<string, AgentConfiguration[]>();

  constructor(
    private readonly root: string,
    private readonly onTrouble: (trouble: SettingsTrouble) => void,
  ) {}

  /** Attach to each code configuration of `model` the settings of its project. */
  attach(model: AgentModel, absoluteFile: string): void {
    if (model.language === 'settings') return;
    for (const config of model.configurations) {
      const folder = this.cwdOf(config) ?? nearestClaudeParent(path.dirname(absoluteFile));
      if (folder) config.projectSettings = this.settingsIn(folder);
    }
  }

  /** `cwd: '/srv/agent'`: the agent runs there, so its settings are there. */
  private cwdOf(config: AgentConfiguration): string | undefined {
    const [only, ...others] = optionOf(config, 'cwd').values;
    if (!only || others.length > 0 || only.kind !== 'string') return undefined;
    return path.resolve(this.root, only.value);
  }

  private settingsIn(folder: string): AgentConfiguration[] {
    let configurations = this.byFolder.get(folder);
    if (!configurations) {
      configurations = settingsFiles.flatMap((name) => this.read(path.join(folder, '.claude', name)));
      this.byFolder.set(folder, configurations);
    }
    return configurations;
  }

  private read(absolutePath: string): AgentConfiguration[] {
    let text: string;
    try {
      text = withoutBom(readFileSync(absolutePath, 'utf8'));
    } catch {
      return [];
    }
    const { model, syntaxErrors } = extractSettings(text, absolutePath);
    if (syntaxErrors.length > 0) this.onTrouble({ absolutePath, text, errors: syntaxErrors });
    return model?.configurations ?? [];
  }
}

function nearestClaudeParent(start: string): string | undefined {
  const home = homedir();
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (folder === home) return undefined;
    if (existsSync(path.join(folder, '.claude'))) return folder;
    if (existsSync(path.join(folder, '.git')) || path.dirname(folder) === folder) return undefined;
  }
}
