// tsc does not copy non-TypeScript files: put the SQL migrations beside the compiled code.
import { cpSync } from 'node:fs';

cpSync('src/db/migrations', 'dist/db/migrations', { recursive: true });
