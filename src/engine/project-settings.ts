import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { extractSettings } from '../frontends/settings/index.js';
import type { AgentConfiguration, AgentModel } from '../model/types.js';
import { optionOf } from '../model/values.js';
import type { SyntaxError } from './analyse.js';
import { withSettingsFile, withSettingsOptionScripts } from './settings-option-file.js';
import { readSource } from './sources.js';

/** The project-level settings files Claude Code reads from a `.claude/` folder. */
const settingsFiles = ['settings.json', 'settings.local.json'];

/** A settings file that does not parse (`errors`), or is there but could not be read (`refused`, why). */
export type SettingsTrouble = { absolutePath: string; text: string; errors: SyntaxError[] } | { absolutePath: string; refused: string };

/**
 * Finds the settings files that apply to agent code: those of the nearest
 * `.claude/` folder above the file (stopping at the repository root and
 * never climbing into the home directory, whose `.claude/` holds user
 * settings), or of the folder a literal `cwd` option names.
 */
export class ProjectSettings {
  private readonly byFolder = new Map<string, AgentConfiguration[]>();
  private readonly troubled = new Set<string>();
  /** By folder of a file: its nearest `.claude/` parent and the paths probed to find it (files of one folder ask once). */
  private readonly nearest = new Map<string, { folder: string | undefined; probed: string[] }>();

  constructor(
    private readonly root: string,
    private readonly onTrouble: (trouble: SettingsTrouble) => void,
    /** Hears each settings file's text as read (`--cache` keeps the state of what was analysed). */
    private readonly onRead?: (absolutePath: string, text: string | undefined, refused: boolean) => void,
  ) {}

  /**
   * Attach to each code configuration of `model` the settings of its project.
   * Returns the paths consulted, found or not (what `--cache` must watch), and
   * whether one of the settings files could not be parsed.
   */
  attach(model: AgentModel, absoluteFile: string): { consulted: string[]; troubled: boolean } {
    const consulted: string[] = [];
    if (model.language === 'settings') return { consulted, troubled: false };
    const trouble = (found: SettingsTrouble): void => {
      this.troubled.add(found.absolutePath);
      this.onTrouble(found);
    };
    model.configurations = model.configurations.map((config) => withSettingsOptionScripts(withSettingsFile(config, this.root, trouble, consulted, this.onRead), this.root, consulted));
    for (const config of model.configurations) {
      const folder = this.cwdOf(config) ?? this.nearestClaudeParent(path.dirname(absoluteFile), consulted);
      if (!folder) continue;
      config.projectSettings = this.settingsIn(folder);
      consulted.push(...settingsFiles.map((name) => path.join(folder, '.claude', name)));
    }
    return { consulted, troubled: consulted.some((file) => this.troubled.has(file)) };
  }

  private nearestClaudeParent(start: string, probed: string[]): string | undefined {
    let found = this.nearest.get(start);
    if (!found) {
      const paths: string[] = [];
      found = { folder: nearestClaudeParent(start, paths), probed: paths };
      this.nearest.set(start, found);
    }
    probed.push(...found.probed);
    return found.folder;
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
    const { text, refused } = readSource(absolutePath);
    this.onRead?.(absolutePath, text, refused !== undefined);
    if (refused !== undefined) {
      // There, but a link to a device, a FIFO or too large: the settings that apply are not known.
      this.troubled.add(absolutePath);
      this.onTrouble({ absolutePath, refused });
    }
    if (text === undefined) return [];
    const { model, syntaxErrors } = extractSettings(text, absolutePath);
    if (syntaxErrors.length > 0) {
      this.troubled.add(absolutePath);
      this.onTrouble({ absolutePath, text, errors: syntaxErrors });
    }
    return model?.configurations ?? [];
  }
}

/** `probed` collects the paths looked at: a `.claude/` made later nearer the file changes the answer. */
function nearestClaudeParent(start: string, probed: string[]): string | undefined {
  const home = homedir();
  const exists = (file: string): boolean => {
    probed.push(file);
    return existsSync(file);
  };
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (folder === home) return undefined;
    if (exists(path.join(folder, '.claude'))) return folder;
    if (exists(path.join(folder, '.git')) || path.dirname(folder) === folder) return undefined;
  }
}
