import type { LocalOutputs } from '@infra/local/stack';
import { runMoneySimulation } from '../support/money-simulation';
import type { Figure } from './stats';

/**
 * `npm run bench -- --only money`: the money-conservation simulation of `npm test` (test/integration/money.test.ts)
 * at 10,000 operations over every money path (MONEY_OPERATIONS to change it, MONEY_SEED to repeat a run), on the
 * bench's own local stack. Its tables are printed last (ending with `money: N operations over P paths, M
 * notifications, U unexplained`); the bench exits with 1 when anything is unexplained.
 */
export async function benchMoney(outputs: LocalOutputs, log: (line: string) => void): Promise<{ figures: Figure[]; lines: string[] }> {
  const operations = Number(process.env.MONEY_OPERATIONS) || 10_000;
  const report = await runMoneySimulation({ outputs, operations, stations: 40, users: 40, seed: Number(process.env.MONEY_SEED) || undefined, log });
  if (report.unexplained) process.exitCode = 1;
  const figures: Figure[] = [
    { group: 'money', figure: `operations simulated (seed ${report.seed})`, value: report.operations, unit: 'operations' },
    { group: 'money', figure: 'money paths taken', value: report.paths, unit: 'paths', target: '>= 12', pass: report.paths >= 12 },
    { group: 'money', figure: 'gateway notifications (own and replayed or forged)', value: report.notifications, unit: '' },
    { group: 'money', figure: 'simulation time', value: report.seconds, unit: 's' },
    { group: 'money', figure: 'operations per second through broker, handlers, gateway and DynamoDB Local', value: Math.round((report.operations / report.seconds) * 10) / 10, unit: '/s' },
    { group: 'money', figure: 'unexplained (money lost, made, or unproven)', value: report.unexplained, unit: '', target: '0', pass: report.unexplained === 0 },
  ];
  return { figures, lines: report.lines };
}
