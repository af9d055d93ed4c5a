// Uploading a logbook folder: base64 against Node's Buffer (an independent encoder), sizes against the encoded
// text itself, the upload plan against the contract's limit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BASE64 } from '../../../common/api/methods';
import { base64Length, encodeBase64, MAX_UPLOAD_FILES, planUpload, uploadPath } from '../../../renderer/intake/upload';

describe('encodeBase64', () => {
  it('agrees with Buffer on every length and byte', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = encodeBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(text.length).toBe(base64Length(bytes.length));
      }),
    );
  });

  it('encodes the RFC 4648 test vectors and large inputs', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg=='],
      ['fooba', 'Zm9vYmE='],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [plain, want] of vectors) expect(encodeBase64(new TextEncoder().encode(plain))).toBe(want);
    const big = new Uint8Array(1_000_003).map((_, i) => (i * 7919) & 255);
    expect(encodeBase64(big)).toBe(Buffer.from(big).toString('base64'));
  });
});

describe('uploadPath', () => {
  it.each([
    ['timing/.trackio/logbook/logbook.json', '.trackio/logbook/logbook.json'],
    ['timing/bench.py', 'bench.py'],
    ['timing\\pages\\index.md', 'pages/index.md'],
    ['bench.py', null],
    ['timing/../x', null],
    ['timing//x', null],
  ])('%s -> %s', (rel, want) => {
    expect(uploadPath(rel)).toBe(want);
  });
});

describe('planUpload', () => {
  const files = [
    { webkitRelativePath: 'timing/noisy.py', size: 100 },
    { webkitRelativePath: 'timing/.trackio/logbook/logbook.json', size: 2000 },
    { webkitRelativePath: 'timing/.git/objects/ab/cdef', size: 50 },
  ];

  it('strips the folder name, sorts, leaves git internals out and counts encoded size', () => {
    const plan = planUpload(files);
    expect(plan.folder).toBe('timing');
    expect(plan.files).toEqual([
      { index: 1, path: '.trackio/logbook/logbook.json', size: 2000 },
      { index: 0, path: 'noisy.py', size: 100 },
    ]);
    expect(plan.skipped).toEqual(['.git/objects/ab/cdef']);
    expect(plan.bytes).toBe(2100);
    expect(plan.base64Chars).toBe(base64Length(2000) + base64Length(100));
    expect(plan.refusal).toBeNull();
  });

  it('refuses a folder over the limit before reading it, naming the CLI command', () => {
    expect(planUpload(files, base64Length(2000) + base64Length(100)).refusal).toBeNull();
    const over = planUpload(files, base64Length(2000) + base64Length(100) - 1).refusal;
    expect(over).toMatch(/over the .* an upload may carry: import it with `npx recheck import trackio timing --out <case-dir>` instead$/);
    // The default limit is the contract's.
    const huge = planUpload([{ webkitRelativePath: 'big/data.bin', size: (MAX_UPLOAD_BASE64 / 4) * 3 + 1 }]);
    expect(huge.refusal).toContain('over the 15.0 MiB an upload may carry');
    expect(planUpload([{ webkitRelativePath: 'big/data.bin', size: (MAX_UPLOAD_BASE64 / 4) * 3 }]).refusal).toBeNull();
  });

  it('refuses too many files and an empty folder', () => {
    const many = Array.from({ length: MAX_UPLOAD_FILES + 1 }, (_, i) => ({ webkitRelativePath: `lb/f${i}`, size: 1 }));
    expect(planUpload(many).refusal).toContain(`holds ${MAX_UPLOAD_FILES + 1} files`);
    expect(planUpload([{ webkitRelativePath: 'lb/.git/HEAD', size: 1 }]).refusal).toMatch(/^the folder holds no file to import/);
  });
});
