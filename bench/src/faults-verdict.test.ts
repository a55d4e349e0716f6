import { describe, expect, it } from 'vitest';
import { type FaultOutcome, faultProblems, RECOVERY_LIMIT_MS } from './faults-verdict.js';

const clean: FaultOutcome = {
  bookings: { lost: 0, doubled: 0, oversold: 0 },
  payments: { lost: 0, doubled: 0 },
  chat: { lost: 0, gaps: 0, duplicated: 0 },
  recoveredMs: 180,
  errorsAfterLimit: 0,
  processes: ['up', 'restarted', 'up'],
};

describe('the fault test’s verdict (issue 35)', () => {
  it('passes a fault that kept everything and served every client again within 10 s, a restarted process included', () => {
    expect(faultProblems(clean)).toEqual([]);
    expect(faultProblems({ ...clean, recoveredMs: RECOVERY_LIMIT_MS - 1 })).toEqual([]);
  });

  it('fails a fault on one lost or doubled booking or payment, an oversold slot, a lost, missing or doubled chat message, a slow recovery or a process down', () => {
    expect(faultProblems({ ...clean, bookings: { lost: 1, doubled: 0, oversold: 0 } })).toEqual([
      'bookings lost',
    ]);
    expect(faultProblems({ ...clean, bookings: { lost: 0, doubled: 1, oversold: 1 } })).toEqual([
      'bookings doubled',
      'slots oversold',
    ]);
    expect(faultProblems({ ...clean, payments: { lost: 1, doubled: 2 } })).toEqual([
      'payments lost',
      'payments doubled',
    ]);
    expect(faultProblems({ ...clean, chat: { lost: 1, gaps: 1, duplicated: 1 } })).toEqual([
      'acknowledged chat messages lost',
      'gaps in chat sequence numbers',
      'chat messages duplicated',
    ]);
    expect(faultProblems({ ...clean, recoveredMs: 13_200, errorsAfterLimit: 4 })).toEqual([
      'not recovered within 10 s',
      '4 errors after 10 s',
    ]);
    expect(faultProblems({ ...clean, processes: ['up', 'DOWN', 'up'] })).toEqual(['a process is down']);
  });
});
