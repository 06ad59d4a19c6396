export const ExitCode = {
  /** Every file checked, nothing to report. */
  clean: 0,
  /** An error finding, or more warnings than --max-warnings. */
  findings: 1,
  /** A usage error, an internal error, a file that could not be checked, paths holding no file to check, a failed --output. */
  failure: 2,
} as const;

export const exitCodesHelp = `
Exit codes:
  0  no findings (warnings within --max-warnings are allowed)
  1  findings: any error, or more warnings than --max-warnings
  2  usage error, internal error, a file that could not be read,
     parsed or analysed (toolgate fails closed; --allow-unparsed lets
     files that cannot be read or parsed through, still reported),
     paths holding no file to check, or an --output that failed
`;
