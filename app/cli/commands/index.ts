/** Every `recheck` subcommand, in the order `recheck --help` lists them. */
import type { Command } from '../command';
import { casesCommand } from './cases';
import { validateCommand } from './validate';
import { runCommand } from './run';
import { letterCommand } from './letter';
import { reviewCommand } from './review';
import { reportCommand } from './report';
import { serveCommand } from './serve';
import { fitCommand } from './fit';
import { auditPaddingCommand } from './audit-padding';
import { auditUnitsCommand } from './audit-units';
import { ledgerCommand } from './ledger';
import { auditDivergenceCommand } from './audit-divergence';
import { sweepCommand } from './sweep';
import { verifyCommand } from './verify';
import { searchCommand } from './search';
import { metricsCommand } from './metrics';
import { extractCommand } from './extract';
import { rationalizeCommand } from './rationalize';
import { calcCommand } from './calc';
import { statCommand } from './stat';
import { sandboxVerdictCommand } from './sandbox-verdict';
import { replayCommand } from './replay';
import { claimCommand } from './claim';
import { newCaseCommand } from './new-case';
import { addCheckCommand, addClaimCommand, addFalsificationCommand, addFileCommand, addFindingCommand } from './case-edit';
import { caseChecklistCommand } from './case-checklist';
import { editPaperCommand, withdrawCommand } from './case-withdraw';
import { verdictCommand } from './verdict';
import { importTrackioCommand } from './import-trackio';
import { kindsCommand } from './kinds';
import { screenCommand } from './screen';

export const commands: Command[] = [
  // cases and the app
  casesCommand,
  validateCommand,
  runCommand,
  verdictCommand,
  letterCommand,
  reviewCommand,
  reportCommand,
  serveCommand,
  // building a case
  newCaseCommand,
  importTrackioCommand,
  addClaimCommand,
  addFindingCommand,
  addFalsificationCommand,
  addCheckCommand,
  addFileCommand,
  caseChecklistCommand,
  withdrawCommand,
  editPaperCommand,
  kindsCommand,
  // exact counterexamples
  verifyCommand,
  searchCommand,
  // growth laws and audits
  fitCommand,
  auditUnitsCommand,
  auditPaddingCommand,
  auditDivergenceCommand,
  ledgerCommand,
  screenCommand,
  // intake
  metricsCommand,
  extractCommand,
  rationalizeCommand,
  calcCommand,
  statCommand,
  replayCommand,
  claimCommand,
  // sandboxed sweeps
  sweepCommand,
  sandboxVerdictCommand,
];
