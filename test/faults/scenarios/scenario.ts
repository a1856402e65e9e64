import type { FaultContext } from '../support/context.js';
import type { Outcome, Submissions } from '../support/load.js';

export type Counted = 'deaths' | 'stuck' | 'lost' | 'error' | 'undelivered' | 'duplicates';

export interface ScenarioResult {
  outcome: Outcome;
  submissions: Submissions;
  /** Scenario-specific facts printed beside the counts (kills, restarts, ...). */
  facts: Record<string, unknown>;
  /** The most each count may be for the scenario to pass. */
  targets: Partial<Record<Counted, number>>;
}

export interface Scenario {
  name: string;
  run(ctx: FaultContext): Promise<ScenarioResult>;
}
