/**
 * A strict reader of Prometheus' text exposition format (version 0.0.4) for tests: every line must be a
 * `# HELP`, a `# TYPE` or a sample (`name{label="value",…} value [timestamp]`, label values escaped with
 * `\\`, `\"` and `\n`); anything else throws with the line. Samples are grouped under their family (a
 * histogram's `_bucket`, `_sum` and `_count` under its name). The npm parser we tried drops a histogram's
 * labels, sums and counts.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
export interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const SUFFIXES = ['_bucket', '_sum', '_count'];

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length > 0) {
    const m = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,?)/.exec(rest);
    if (!m) throw new Error(`bad labels in: ${line}`);
    labels[m[1] as string] = (m[2] as string).replace(/\\(["\\n])/g, (_, c: string) =>
      c === 'n' ? '\n' : c,
    );
    rest = rest.slice(m[0].length);
    if (!m[3] && rest.length > 0) throw new Error(`bad labels in: ${line}`);
  }
  return labels;
}

function parseValue(text: string, line: string): number {
  // As Prometheus reads them (Go's ParseFloat): Inf and NaN in any case.
  if (/^\+?inf$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  if (!/^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value in: ${line}`);
  return Number(text);
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const family = (name: string) => {
    let f = families.get(name);
    if (!f) {
      f = { name, help: '', type: 'untyped', samples: [] };
      families.set(name, f);
    }
    return f;
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) ?(.*)$/.exec(line);
    if (meta) {
      const f = family(meta[2] as string);
      if (meta[1] === 'HELP') f.help = meta[3] as string;
      else if (['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(meta[3] as string))
        f.type = meta[3] as Family['type'];
      else throw new Error(`bad TYPE in: ${line}`);
      continue;
    }
    if (line.startsWith('#')) continue;
    const name = NAME.exec(line)?.[0];
    if (!name) throw new Error(`bad sample: ${line}`);
    let rest = line.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) {
      const end = rest.lastIndexOf('}');
      if (end < 0) throw new Error(`bad sample: ${line}`);
      labels = parseLabels(rest.slice(1, end), line);
      rest = rest.slice(end + 1);
    }
    const parts = rest.trim().split(/\s+/);
    if (parts.length < 1 || parts.length > 2 || !rest.startsWith(' ')) throw new Error(`bad sample: ${line}`);
    const value = parseValue(parts[0] as string, line);
    const base = SUFFIXES.find((s) => name.endsWith(s) && families.has(name.slice(0, -s.length)));
    family(base ? name.slice(0, -base.length) : name).samples.push({ name, labels, value });
  }
  return families;
}

/** The first sample of `family` (under its own name or `name`) whose labels include `labels`. */
export function findSample(
  f: Family | undefined,
  labels: Record<string, string>,
  name = f?.name,
): Sample | undefined {
  return f?.samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
}
