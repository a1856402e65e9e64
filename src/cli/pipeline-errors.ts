// A pipeline failure as the person at the terminal should read it: the code, the message, and, when a setting
// would change the outcome, which one.
import type { PipelineError } from '../pipeline/errors.js';

const SETTING_HINTS: Partial<Record<PipelineError['code'], string>> = {
  url_not_allowed:
    'local and private addresses are refused by default; allow one with DOCEX_TRUSTED_ADDRESSES=<address or CIDR>, ' +
    'or every one with DOCEX_ALLOW_PRIVATE_NETWORKS=true (local development only)',
  download_too_large: 'raise DOCEX_DOWNLOAD_MAX_BYTES to accept larger documents',
  download_timeout: 'raise DOCEX_DOWNLOAD_TIMEOUT_MS for slow hosts',
};

export function explainPipelineError(err: PipelineError): string {
  const hint = SETTING_HINTS[err.code];
  return `${err.code}: ${err.message}${hint ? ` (${hint})` : ''}`;
}
