/** The bench's options: `--name value`, `--name=value`, BENCH_NAME, or npm_config_name (see index.ts). */

function option(name: string, fallback: string): string {
  const flag = process.argv.indexOf(`--${name}`);
  if (flag >= 0 && process.argv[flag + 1]) return process.argv[flag + 1]!;
  const inline = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  // `npm run bench -- --db=postgres` at the root: the inner npm takes the flags as its own config and
  // hands them on as npm_config_* variables (write them with `=`; `--db postgres` reaches npm as a bare
  // flag, npm_config_db=true).
  const key = name.replace(/-/g, '_');
  const viaNpm = process.env[`npm_config_${key}`];
  return process.env[`BENCH_${key.toUpperCase()}`] ?? (viaNpm && viaNpm !== 'true' ? viaNpm : fallback);
}

export function readOptions() {
  const opts = {
    db: option('db', 'pglite') as 'pglite' | 'postgres',
    learners: Number(option('learners', '10000')),
    duration: Number(option('duration', '10')),
    connections: Number(option('connections', '50')),
    examMinutes: Number(option('exam-minutes', '2')),
    ramp: Number(option('ramp', '60')),
    saveEvery: Number(option('save-every', '30')),
    sweep: Number(option('sweep', '5')),
    phases: option('phases', 'floor,save,create,result,signin,storage,examday,live,items,review').split(','),
    burst: Number(option('burst', '70')),
    rounds: Number(option('rounds', '3')),
    baseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  };
  if (!['pglite', 'postgres'].includes(opts.db)) throw new Error('--db must be pglite or postgres');
  return opts;
}

export type BenchOptions = ReturnType<typeof readOptions>;

export const log = (...args: unknown[]) => console.log(...args);
