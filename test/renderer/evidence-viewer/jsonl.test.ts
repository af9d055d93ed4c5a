import { describe, expect, it } from 'vitest';
import { parseJsonLines } from '../../../renderer/evidence/jsonl';

describe('parseJsonLines', () => {
  it('makes columns of the keys in first-seen order, cells of strings as is and other values as JSON', () => {
    const t = parseJsonLines('{"index":0,"params":{"k":2},"outcome":"ok"}\n\n{"index":1,"value":1.5,"outcome":"ok"}\n');
    expect(t).toEqual({
      ok: true,
      columns: ['index', 'params', 'outcome', 'value'],
      rows: [
        { line: 1, values: ['0', '{"k":2}', 'ok', ''] },
        { line: 3, values: ['1', '', 'ok', '1.5'] },
      ],
    });
  });

  it('puts values that are not objects in a (value) column, and keeps CRLF line numbers', () => {
    const t = parseJsonLines('1\r\n"two"\r\n[3]\r\n{"a":null}');
    expect(t.ok && t.columns).toEqual(['(value)', 'a']);
    expect(t.ok && t.rows.map((r) => [r.line, ...r.values])).toEqual([
      [1, '1', ''],
      [2, 'two', ''],
      [3, '[3]', ''],
      [4, '', 'null'],
    ]);
  });

  it('names the first line that is not JSON, or is nested too deep', () => {
    expect(parseJsonLines('{"a":1}\n{"a":\n')).toMatchObject({ ok: false, line: 2 });
    const deep = `${'['.repeat(300)}${']'.repeat(300)}`;
    expect(parseJsonLines(`1\n2\n${deep}\n`)).toMatchObject({
      ok: false,
      line: 3,
      problem: expect.stringMatching(/nested deeper than 256 levels/),
    });
  });
});
