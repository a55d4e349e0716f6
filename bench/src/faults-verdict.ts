/**
 * What fails a fault of `npm run test:faults` (issue 35), apart from the run that measures it, so
 * the rule itself is tested (faults-verdict.test.ts): a committed booking or payment lost or
 * doubled, a slot oversold, an acknowledged chat message lost, a gap or a double in a
 * conversation's sequence numbers, clients not served again within the limit, or a process down.
 */
export const RECOVERY_LIMIT_MS = 10_000;

export interface FaultOutcome {
  bookings: { lost: number; doubled: number; oversold: number };
  payments: { lost: number; doubled: number };
  chat: { lost: number; gaps: number; duplicated: number };
  /** From the fault to the last failed request of its window (0 when none failed). */
  recoveredMs: number;
  /** Failed requests later than RECOVERY_LIMIT_MS after the fault. */
  errorsAfterLimit: number;
  /** Each process after the fault: 'up', 'restarted' or 'DOWN'. */
  processes: string[];
}

/** The problems of one fault, in words; empty when it passed. */
export function faultProblems(outcome: FaultOutcome): string[] {
  const { bookings, payments, chat } = outcome;
  const seconds = RECOVERY_LIMIT_MS / 1000;
  return [
    bookings.lost > 0 && 'bookings lost',
    bookings.doubled > 0 && 'bookings doubled',
    payments.lost > 0 && 'payments lost',
    payments.doubled > 0 && 'payments doubled',
    bookings.oversold > 0 && 'slots oversold',
    chat.lost > 0 && 'acknowledged chat messages lost',
    chat.gaps > 0 && 'gaps in chat sequence numbers',
    chat.duplicated > 0 && 'chat messages duplicated',
    outcome.recoveredMs >= RECOVERY_LIMIT_MS && `not recovered within ${seconds} s`,
    outcome.errorsAfterLimit > 0 && `${outcome.errorsAfterLimit} errors after ${seconds} s`,
    outcome.processes.some((state) => state === 'DOWN') && 'a process is down',
  ].filter((problem): problem is string => typeof problem === 'string');
}
