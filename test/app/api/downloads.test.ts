// Downloads of a case's exports: the stored ZIP (app/api/zip.ts) read back by Python's zipfile (an independent
// reader, which also checks every CRC-32) with fast-check inputs, the CRC-32 check value, and the service giving a
// file's exact bytes, a folder as an archive of its files, and refusing a path out of the case or a symlink that
// leaves it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRecheckService, type RecheckService } from '../../../app/api/service';
import { createCheckRegistry } from '../../../app/checks/registry';
import { sha256 } from '../../../app/fs/hash';
import { crc32, storedZip } from '../../../app/api/zip';
import { API_METHODS } from '../../../common/api/methods';
import { fixedKind } from '../../helpers/fake-kinds';
import { PYTHON, pythonModules } from '../../helpers/required';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const READ = String.raw`
import base64, io, json, sys, zipfile
out = []
for b64 in json.load(sys.stdin):
    z = zipfile.ZipFile(io.BytesIO(base64.b64decode(b64)))
    bad = z.testzip()
    out.append({"bad": bad, "files": [[i.filename, base64.b64encode(z.read(i)).decode(), i.compress_type] for i in z.infolist()]})
print(json.dumps(out))
`;

const skip = pythonModules(['zipfile', 'base64', 'json']);

describe.skipIf(skip !== '')('storedZip read by Python’s zipfile', () => {
  const samples = fc.sample(
    fc.uniqueArray(
      fc.record({
        path: fc.stringMatching(/^[a-zA-Z0-9_é-]{1,12}(\/[a-zA-Z0-9_.-]{1,12}){0,2}$/),
        bytes: fc.uint8Array({ maxLength: 300 }),
      }),
      { selector: (e) => e.path, maxLength: 6 },
    ),
    { numRuns: 40, seed: 22 },
  );
  let read: { bad: string | null; files: [string, string, number][] }[] = [];
  beforeAll(() => {
    const input = JSON.stringify(samples.map((s) => Buffer.from(storedZip(s)).toString('base64')));
    const r = spawnSync(PYTHON, ['-c', READ], { input, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    read = JSON.parse(r.stdout) as typeof read;
  });

  it('holds every file, by name and bytes, stored, with correct CRCs', () => {
    samples.forEach((s, i) => {
      expect(read[i]!.bad).toBeNull();
      expect(read[i]!.files).toEqual(s.map((e) => [e.path, Buffer.from(e.bytes).toString('base64'), 0]));
    });
  });
});

describe('crc32 and determinism', () => {
  it('gives the standard check value and the same bytes twice', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    const e = [{ path: 'a.txt', bytes: new TextEncoder().encode('hi') }];
    expect(storedZip(e)).toEqual(storedZip(e));
    expect(storedZip(e).length).toBe(110);
  });
});

describe('downloadCaseFile', () => {
  let service: RecheckService;
  let dir: string;
  beforeAll(async () => {
    const ws = tempDir();
    dir = writeMinimalCase(ws, 'mini');
    mkdirSync(join(dir, 'runs', 'report-1', 'figures'), { recursive: true });
    writeFileSync(join(dir, 'runs', 'report-1', 'index.html'), '<h1>r</h1>\n');
    writeFileSync(join(dir, 'runs', 'report-1', 'figures', 'f.bin'), Buffer.from([0, 255, 1, 2]));
    mkdirSync(join(dir, 'tables'));
    writeFileSync(join(dir, 'tables', 't.csv'), 'k,v\n1,2\n');
    const outside = join(tempDir(), 'secret.txt');
    writeFileSync(outside, 'secret');
    symlinkSync(outside, join(dir, 'tables', 'leak.txt'));
    service = await createRecheckService({ workspaceDir: ws, registry: createCheckRegistry([fixedKind]) });
  });

  it('gives a file’s exact bytes with its name, type and sha256', async () => {
    const d = await service.downloadCaseFile('mini', 'tables/t.csv');
    expect(d).toMatchObject({ name: 't.csv', mediaType: 'text/csv', size: 8, sha256: sha256(readFileSync(join(dir, 'tables/t.csv'))) });
    expect(Buffer.from(d.base64, 'base64').toString('utf8')).toBe('k,v\n1,2\n');
  });

  it('gives a folder as a ZIP of its files, binary ones included', async () => {
    const d = await service.downloadCaseFile('mini', 'runs/report-1');
    expect(d).toMatchObject({ name: 'report-1.zip', mediaType: 'application/zip', files: 2 });
    const bytes = Buffer.from(d.base64, 'base64');
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(bytes.includes(Buffer.from([0, 255, 1, 2]))).toBe(true);
  });

  it('refuses a symlink out of the case, a folder holding one, a missing file and a path with ..', async () => {
    await expect(service.downloadCaseFile('mini', 'tables/leak.txt')).rejects.toThrow(/mini\/tables\/leak\.txt/);
    await expect(service.downloadCaseFile('mini', 'tables')).rejects.toThrow(
      /cannot be archived \(leak\.txt: symlink that leaves the case folder\)/,
    );
    await expect(service.downloadCaseFile('mini', 'nope.csv')).rejects.toThrow(/^mini\/nope\.csv: does not exist$/);
    expect(() => API_METHODS.downloadCaseFile.validate(['mini', '../x'])).toThrow(
      'downloadCaseFile: path must be a relative path inside the case (no "..")',
    );
  });
});
