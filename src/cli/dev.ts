// Runs the CLI from TypeScript sources (tests and `npm run docex` use this; the published bin runs dist/).
import { main } from './main.js';

await main(process.argv);
