/**
 * The repository stands alone (docs/conventions.md, "Comments say why"): no comment or test title sends the
 * reader somewhere they cannot follow. Every tracked source file of apps/, packages/, e2e/, scripts/ and
 * bench/, and the root's config files, is read line by line; a line fails when it names an issue by its
 * number, a numbered section of an outside document, or a file that is not in the repository (the old
 * conventions file, the design file, the shared folder beside the repository). A comment says the reason in
 * its own words or links a decision record in docs/decisions/. The Markdown under docs/ (and the README) is
 * held to the same rules but for section numbers.
 *
 * This file is scanned too: its examples below are assembled from placeholders (`example`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'scripts', 'bench'];
/** Source and config files by name: code, styles, shell, YAML, SQL migrations and Dockerfiles. */
const SOURCE_FILE = /(?:\.(?:ts|tsx|mts|cts|mjs|cjs|js|jsx|css|sh|ya?ml|sql)|(?:^|\/)Dockerfile[^/]*)$/;

interface Rule {
  name: string;
  pattern: RegExp;
}

/**
 * Files that are not in the repository. (The patterns spell the names with a character class, so that this
 * file's own source does not name them.)
 */
const CONVENTIONS_FILE: Rule = {
  name: 'the conventions file outside the repository (docs/conventions.md is the page)',
  pattern: /\bCONVENTION[S]\b/,
};
const SHARED: Rule = { name: 'the shared folder outside the repository', pattern: /\.\.\/share[d](?![\w-])/ };

/** Issue numbers. */
const ISSUE_RULES: Rule[] = [
  // The word and a number, with or without '#', singular or plural; not 'a pg-boss issue', 'reissue', 'issuer 2'.
  { name: 'issue number', pattern: /\bissues?\s+#?\d+/i },
  // '#12' where it can only be an issue or a pull request: after such a word, or alone in brackets.
  // Colours ('#3a0f22', '(#571733)') and order ids ('#2ABNPFR-3A0-9E') are not issues: a bracketed
  // number of 3, 4, 6 or 8 digits reads as a colour and is let through.
  {
    name: 'issue number',
    pattern:
      /\b(?:issues?|pr|pull request|see|fix(?:es|ed)?|close[sd]?|resolve[sd]?|refs?|gh)\s+#\d+\b|[([]#(?:\d{1,2}|\d{5}|\d{7}|\d{9,})[)\]]/i,
  },
];

/** What a source line must not contain. */
const SOURCE_RULES: Rule[] = [
  ...ISSUE_RULES,
  { name: 'section number of an outside document', pattern: /\u00a7/ },
  CONVENTIONS_FILE,
  { name: 'the design file outside the repository', pattern: /\bDESIG[N]\.md\b/ },
  SHARED,
];

/** What a Markdown page under docs/ (or the README) must not contain. */
const DOC_RULES: Rule[] = [...ISSUE_RULES, CONVENTIONS_FILE, SHARED];

/**
 * An example line for the matcher's own tests, with `{issue}`, `{Issue}`, `{conv}`, `{design}`, `{shared}`,
 * `{sect}` and `{hash}` put back: written out, the examples would break the rules of the file they stand in.
 */
const example = (line: string) =>
  line
    .replaceAll('{issue}', 'iss' + 'ue')
    .replaceAll('{Issue}', 'Iss' + 'ue')
    .replaceAll('{conv}', 'CONVEN' + 'TIONS')
    .replaceAll('{design}', 'DES' + 'IGN')
    .replaceAll('{shared}', '../sha' + 'red')
    .replaceAll('{sect}', '\u00a7')
    .replaceAll('{hash}', '#');

/** Each rule the text of one line breaks, by name. */
function brokenRules(line: string, rules: Rule[] = SOURCE_RULES): string[] {
  return [...new Set(rules.filter((r) => r.pattern.test(line)).map((r) => r.name))];
}

/** Every line of `text` that breaks a rule, as 'file:line: rule: text'. */
function offendingLines(file: string, text: string, rules: Rule[]): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      brokenRules(line, rules).map((rule) => `${file}:${i + 1}: ${rule}: ${line.trim()}`),
    );
}

const tracked = (...pathspecs: string[]) =>
  execFileSync('git', ['ls-files', '-z', '--', ...pathspecs], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);

/** The tracked source files of the source folders and the root's config files. */
function sourceFiles(): string[] {
  const rootFiles = tracked('.').filter((f) => !f.includes('/'));
  return [...tracked(...SOURCE_DIRS), ...rootFiles]
    .filter((f) => SOURCE_FILE.test(f) && !f.includes('node_modules/'))
    .sort();
}

const docFiles = () => [...tracked('docs'), 'README.md'].filter((f) => f.endsWith('.md'));

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('the matcher', () => {
  it.each([
    ['{issue} 13 item 5'],
    ['// the history titles ({issue} 15 item 22)'],
    [' * The age check ({issue} 17 part 1, decision 0101)'],
    ['{Issue} #12 item 5 (PostgreSQL suite)'],
    ['{issue}s 3 and 4'],
    ['see {hash}12'],
    ['Fixes {hash}7.'],
    ['the list cap ({hash}12)'],
    ['the list cap [{hash}12345]'],
    [' * (part 2 {sect}8): the label errors'],
    ['{sect} 4.1'],
    ['({conv}.md "Errors")'],
    ['({conv}, Web: "Query keys")'],
    ['the user shape ({design}.md)'],
    ["import { rules } from '{shared}/rules.ts';"],
  ])('flags %j', (line) => {
    expect(brokenRules(example(line))).not.toEqual([]);
  });

  it.each([
    ['a pg-boss issue with stuck jobs'],
    ['the reissue 3 times'],
    ['the issuer 2 of the token'],
    ["it('409 Conflict naming both statuses')"],
    ['answers 404 Not Found, 429 Too Many Requests'],
    ['color: #3a0f22;'],
    ["// white on the header's darkest wine (#3a0f22) and lightest (#571733)"],
    ['outline: 2px solid #fff; background: (#000)'],
    ["'Order #2ABNPFR-3A0-9E'"],
    ["'&#39;'"],
    ['(docs/conventions.md, "Errors")'],
    ['the conventions of this codebase'],
    ['(docs/decisions/0086): batch emails once'],
    ["import { rules } from '{shared}-rules.ts';"],
  ])('lets %j through', (line) => {
    expect(brokenRules(example(line))).toEqual([]);
  });

  it('checks docs for issue numbers and outside files, not for section numbers', () => {
    expect(brokenRules(example('Part 2 {sect}4.1 names the display group'), DOC_RULES)).toEqual([]);
    expect(brokenRules(example('{Issue} 14, item 2 ({design} {sect}5)'), DOC_RULES)).toEqual([
      'issue number',
    ]);
    expect(brokenRules(example('{conv}.md asks for it'), DOC_RULES)).toEqual([CONVENTIONS_FILE.name]);
    expect(brokenRules(example('see {shared}/spec.md'), DOC_RULES)).toEqual([SHARED.name]);
  });
});

describe('the repository stands alone', () => {
  it('reads the source folders and the root config files', () => {
    const files = sourceFiles();
    for (const dir of SOURCE_DIRS) expect(files.some((f) => f.startsWith(`${dir}/`))).toBe(true);
    expect(files).toEqual(
      expect.arrayContaining(['Dockerfile', 'vitest.config.ts', '.dependency-cruiser.cjs']),
    );
    expect(files).toContain('scripts/standalone-comments.test.ts');
  });

  it('no source comment or test title names an issue, an outside section or a file not in the repository', () => {
    const offenders = sourceFiles().flatMap((f) => offendingLines(f, read(f), SOURCE_RULES));
    expect(offenders, 'say the reason in words or link docs/decisions/NNNN').toEqual([]);
  });

  it('no page under docs/ names an issue number or a file outside the repository', () => {
    const offenders = docFiles().flatMap((f) => offendingLines(f, read(f), DOC_RULES));
    expect(offenders, 'the conventions are docs/conventions.md').toEqual([]);
  });
});
