// Runs the CLI from TypeScript sources (`npm run docex`); the published bin runs the compiled dist/.
import { main } from './main.js';

await main(process.argv);
