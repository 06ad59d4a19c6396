/** The environment of a git command in a throw-away repository: a fixed author, no system config, `home` as HOME. */
export const gitEnv = (home: string): NodeJS.ProcessEnv => ({
  ...process.env,
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.test',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.test',
  GIT_CONFIG_NOSYSTEM: '1',
  HOME: home,
});
