import type { LocalOutputs } from '../../infra/local/stack';
import { runMoneySimulation } from '../support/money-simulation';
import type { Figure } from './stats';

/**
 * `npm run bench -- --only money`: the money-conservation simulation of `npm test` (test/integration/money.test.ts)
 * at 10,000 vends (MONEY_VENDS to change it, MONEY_SEED to repeat a run), on the bench's own local stack. Its
 * tables are printed last (ending with `money: N vends, M notifications, U unexplained`); the bench exits with 1
 * when anything is unexplained.
 */
export async function benchMoney(outputs: LocalOutputs, log: (line: string) => void): Promise<{ figures: Figure[]; lines: string[] }> {
  const vends = Number(process.env.MONEY_VENDS) || 10_000;
  const report = await runMoneySimulation({ outputs, vends, stations: 40, users: 40, seed: Number(process.env.MONEY_SEED) || undefined, log });
  if (report.unexplained) process.exitCode = 1;
  const figures: Figure[] = [
    { group: 'money', figure: `vends simulated (seed ${report.seed})`, value: report.vends, unit: 'vends' },
    { group: 'money', figure: 'gateway notifications (own and replayed or forged)', value: report.notifications, unit: '' },
    { group: 'money', figure: 'simulation time', value: report.seconds, unit: 's' },
    { group: 'money', figure: 'vends per second through broker, handlers and DynamoDB Local', value: Math.round((report.vends / report.seconds) * 10) / 10, unit: '/s' },
    { group: 'money', figure: 'unexplained (money lost, made, or unproven)', value: report.unexplained, unit: '', target: '0', pass: report.unexplained === 0 },
  ];
  return { figures, lines: report.lines };
}
