import type { FrontEndAnalysis } from '../contract.js';
import { extractFrontmatter } from './index.js';

/** Skill, command and subagent files as the engine reads them (`FrontEnd.load`); loading it loads the YAML parser. */
export const frontmatterAnalysis: FrontEndAnalysis = {
  analyse: (text, path, { frontmatter }) => extractFrontmatter(text, path, frontmatter),
};
