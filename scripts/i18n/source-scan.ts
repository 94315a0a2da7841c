// Reads the web sources with the TypeScript compiler: which keys they use, which keys they
// build at run time, and which texts a component shows without going through i18n.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/** Props whose text a person reads or hears; a literal in them is a raw string. */
const TEXT_PROPS = new Set([
  'label',
  'title',
  'placeholder',
  'aria-label',
  'helperText',
  'alt',
  'primary',
  'secondary',
]);

const LETTER = /\p{L}/u;
const LOGICAL = new Set([
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.AmpersandAmpersandToken,
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.d\.ts$/.test(file))
    .map((file) => join(dir, file))
    .sort();
}

/** `t(…)`, `i18next.t(…)`, `i18n.t(…)`: a call that turns a key into text. */
function isTranslateCall(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === 't';
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 't';
}

/** The literal keys in a `t` call's first argument, through `a ? 'x' : 'y'` and parentheses. */
function literalKeys(node: ts.Expression): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return literalKeys(node.expression);
  if (ts.isConditionalExpression(node)) {
    const both = [literalKeys(node.whenTrue), literalKeys(node.whenFalse)];
    return both.every((keys) => keys !== null) ? both.flat() : null;
  }
  return null;
}

/** Template literals in a `t` call's first argument: `a.${b}` and the branches of `x ? … : …`. */
function templates(node: ts.Expression): ts.TemplateExpression[] {
  if (ts.isTemplateExpression(node)) return [node];
  if (ts.isParenthesizedExpression(node)) return templates(node.expression);
  if (ts.isConditionalExpression(node)) {
    return [...templates(node.whenTrue), ...templates(node.whenFalse)];
  }
  return [];
}

/** Static text of a literal a component shows: a string, or a template's fixed parts. */
function shownText(node: ts.Expression): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  }
  if (ts.isParenthesizedExpression(node)) return shownText(node.expression);
  if (ts.isConditionalExpression(node)) {
    return [shownText(node.whenTrue), shownText(node.whenFalse)].filter(Boolean).join(' ');
  }
  // `a || 'text'`, `a ?? 'text'`, `a && 'text'`: the right side is what may show.
  if (ts.isBinaryExpression(node) && LOGICAL.has(node.operatorToken.kind)) {
    return shownText(node.right);
  }
  return null;
}

export interface SourceFindings {
  /** Every string literal in the sources: a key written anywhere (a map of keys too) is used. */
  literals: Set<string>;
  /** Keys passed to `t` as literals, with where, to check that English has them. */
  asked: { key: string; where: string }[];
  /** Starts of keys built at run time, with where. */
  dynamic: { prefix: string; where: string }[];
  raw: string[];
}

export function scanSources(sourceDir: string): SourceFindings {
  const findings: SourceFindings = { literals: new Set(), asked: [], dynamic: [], raw: [] };
  for (const file of sourceFiles(sourceDir)) {
    const text = readFileSync(file, 'utf8');
    const isComponent = file.endsWith('.tsx');
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      isComponent ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const name = relative(sourceDir, file).split(sep).join('/');
    const where = (node: ts.Node) =>
      `${name}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        findings.literals.add(node.text);
      }
      if (isTranslateCall(node) && node.arguments[0]) {
        const key = node.arguments[0];
        for (const literal of literalKeys(key) ?? []) {
          findings.asked.push({ key: literal, where: where(key) });
        }
        for (const template of templates(key)) {
          findings.dynamic.push({ prefix: template.head.text, where: where(template) });
        }
      }
      if (isComponent) findRawText(node, (found) => findings.raw.push(`${where(node)}: ${found}`));
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return findings;
}

/** Reports text a person would see that does not come from the locale files. */
function findRawText(node: ts.Node, report: (text: string) => void): void {
  if (ts.isJsxText(node)) {
    const text = node.text.trim();
    if (LETTER.test(text)) report(`raw text "${text}"`);
    return;
  }
  if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
    // {'Hello'} or {`${n} items`} as a child of an element.
    const parent = node.parent;
    if (ts.isJsxElement(parent) || ts.isJsxFragment(parent)) {
      const text = shownText(node.expression);
      if (text && LETTER.test(text)) report(`raw text "${text.trim()}"`);
    }
    return;
  }
  if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText())) {
    const value = node.initializer;
    if (!value) return;
    const text = ts.isStringLiteral(value)
      ? value.text
      : ts.isJsxExpression(value) && value.expression
        ? shownText(value.expression)
        : null;
    if (text && LETTER.test(text)) report(`raw ${node.name.getText()}="${text.trim()}"`);
  }
}
