#!/usr/bin/env node
// Lists the longest functions outside tests (issue 13's "no function over 200 lines"): every function, method and
// arrow function in apps/ and packages/, measured in lines from its first to its last line.
// Usage: node scripts/function-sizes.mjs [--top N] [--max LINES]  (exits 1 when a function exceeds --max)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const args = process.argv.slice(2);
const top = Number(args[args.indexOf('--top') + 1]) || 15;
const max = args.includes('--max') ? Number(args[args.indexOf('--max') + 1]) : Infinity;

const files = execFileSync('git', ['ls-files', 'apps', 'packages'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.tsx?$|\/tests?\/|test-support|\.d\.ts$/.test(f));

const found = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      let name = node.name?.getText?.() ?? '';
      if (!name && ts.isVariableDeclaration(node.parent)) name = node.parent.name.getText();
      if (!name && ts.isPropertyAssignment(node.parent)) name = node.parent.name.getText();
      found.push({ file, name: name || '(anonymous)', line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
found.sort((a, b) => b.lines - a.lines);
for (const f of found.slice(0, top)) console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line} ${f.name}`);
const over = found.filter((f) => f.lines > max);
if (Number.isFinite(max)) console.log(`${over.length} function(s) over ${max} lines`);
process.exit(over.length ? 1 : 0);
