/**
 * An in-memory RecheckApi for renderer unit tests: two cases, runs that emit a scripted event sequence, an
 * audit log. Its decisions are fixed data for exercising the UI plumbing; nothing here is shown to a user.
 */
import type {
  AuditEntry,
  CaseDetail,
  CaseRunReport,
  ImagePairSetView,
  LetterView,
  RecheckApi,
  ReviewSessionView,
  ReviewSummaryView,
  RunEvent,
  WorkspaceSettingsView,
} from '../../common/api/contract';

/** 1x1 PNGs (a red one on the left, a blue one on the right) for the fake review's images. */
const FAKE_PNG = {
  left: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4YWMDAAMQAUEiFmcFAAAAAElFTkSuQmCC',
  right: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGOwsTkBAAH4AUE+E+0vAAAAAElFTkSuQmCC',
};

/** The fake image-pair set of case alpha: three pairs, asked about the right image (beta has none). */
const FAKE_PAIR_SET: ImagePairSetView = {
  pairs: 'images/pairs.csv',
  count: 3,
  question: 'Is the right image usable as a generation of the prompt?',
  mode: 'rate-right',
  answers: [
    { value: 'usable', key: '1', label: 'Usable' },
    { value: 'degraded', key: '2', label: 'Degraded' },
    { value: 'unusable', key: '3', label: 'Unusable' },
  ],
  repeatShare: 0,
  fastMs: 600,
};

/** One fake review: its answers as given (undo removes the last), in item order. */
interface FakeReview {
  summary: Omit<ReviewSummaryView, 'answered'>;
  answers: { index: number; answer: string; note?: string }[];
}

function detail(id: string): CaseDetail {
  return {
    id,
    title: `Case ${id}`,
    paper: {
      title: `Paper of ${id}`,
      venueId: `openreview:test-${id}`,
      authors: ['A. Author'],
      claims: [{ id: 'C1', text: 'A claim with $x^2$.' }],
    },
    falsifications: [
      {
        id: 'F1',
        claim: 'C1',
        logbook: 'lb',
        assertion: 'The claim fails.',
        checks: [{ id: 'k1', kind: 'test-kind', title: 'A check', params: { table: 't.csv' } }],
        checklist: [
          { id: 'horizon', question: 'Is the horizon or scale long enough?', why: 'A short run saw nothing.', status: 'open', checks: [] },
        ],
      },
    ],
    paperMarkdown: '# Summary\n\n$$\\sum_i x_i$$',
    logbooks: [{ id: 'lb', title: 'Logbook', format: 'plain', tags: [], pages: [], files: [], traceCount: 0, problems: [] }],
    sandboxFiles: [{ path: 'sandbox/main.ts', text: 'export const x = 1;\n' }],
    audit: [],
    latest: [],
  };
}

export interface FakeApi extends RecheckApi {
  /** Every call, in order, as [method, args]. */
  calls: [string, unknown[]][];
  /** Emits the events of a run to subscribers now (runChecks only records the run). */
  flushRun(runId: string): void;
  /** Emits any event to subscribers now (for scripting sandbox runs). */
  emitEvent(event: RunEvent): void;
}

export function createFakeApi(): FakeApi {
  const cases = new Map([
    ['alpha', detail('alpha')],
    ['beta', detail('beta')],
  ]);
  const listeners = new Set<(e: RunEvent) => void>();
  const pending = new Map<string, string>();
  const sandboxRuns = new Set<string>();
  const calls: [string, unknown[]][] = [];
  const letters: { caseId: string; texts: string[]; view: LetterView }[] = [];
  const reviews = new Map<string, FakeReview>();
  let settings: WorkspaceSettingsView = { sweeps: { backend: 'local' }, file: 'settings.json' };
  let nextRun = 1;
  const emit = (e: RunEvent) => {
    for (const l of listeners) l(e);
  };
  const need = (id: string): CaseDetail => {
    const c = cases.get(id);
    if (c === undefined) throw new Error(`no case ${id}`);
    return c;
  };
  const audit = (caseId: string, e: Omit<AuditEntry, 'caseId' | 'at'>): AuditEntry => {
    const entry: AuditEntry = { ...e, caseId, at: '2026-11-29T16:00:00.000Z' };
    cases.set(caseId, { ...need(caseId), audit: [...need(caseId).audit, entry] });
    return entry;
  };
  const needReview = (caseId: string, reviewId: string): FakeReview => {
    need(caseId);
    const r = reviews.get(`${caseId}/${reviewId}`);
    if (r === undefined) throw new Error(`no review ${reviewId}`);
    return r;
  };
  const session = (caseId: string, r: FakeReview): ReviewSessionView => {
    const answered = r.answers.length;
    const last = r.answers[answered - 1];
    return {
      ...r.summary,
      answered,
      caseId,
      set: FAKE_PAIR_SET,
      next: answered < r.summary.total ? { index: answered, prompt: `prompt ${answered + 1}`, width: 1, height: 1 } : null,
      last: last === undefined ? null : { ...last },
    };
  };
  return {
    calls,
    async listCases() {
      calls.push(['listCases', []]);
      return [...cases.values()].map((c) => ({
        id: c.id,
        title: c.title,
        paperTitle: c.paper.title,
        venueId: c.paper.venueId,
        falsificationCount: c.falsifications.length,
        lastDecisions: c.latest.length > 0 ? Object.fromEntries(c.latest.map((f) => [f.falsificationId, f.decision])) : undefined,
      }));
    },
    async openCase(id) {
      calls.push(['openCase', [id]]);
      return need(id);
    },
    async runChecks(caseId, fid) {
      calls.push(['runChecks', [caseId, fid]]);
      need(caseId);
      const runId = `run${nextRun++}`;
      pending.set(runId, caseId);
      return { runId };
    },
    async listRuns() {
      calls.push(['listRuns', []]);
      return [...pending.entries()].map(([runId, caseId]) => ({
        runId,
        caseId,
        falsificationId: null,
        startedAt: '2026-11-29T16:00:00.000Z',
        who: 'tester',
        checks: 1,
        results: [],
        logs: [],
        points: [],
      }));
    },
    async cancelRun(runId) {
      calls.push(['cancelRun', [runId]]);
      if (pending.delete(runId)) emit({ runId, type: 'cancelled' });
      if (sandboxRuns.delete(runId))
        emit({
          runId,
          type: 'sandbox-ended',
          end: { outcome: 'error', reason: 'killed', message: 'cancelled', wallMs: 1, isolation: 'fake', codeSha256: 'fake' },
        });
    },
    async runSandboxProgram(input) {
      calls.push(['runSandboxProgram', [input]]);
      need(input.caseId);
      const runId = `sandbox${nextRun++}`;
      sandboxRuns.add(runId);
      return { runId };
    },
    async recordVerdict(input) {
      calls.push(['recordVerdict', [input]]);
      return audit(input.caseId, {
        who: input.reviewer,
        action: 'decision',
        falsificationId: input.falsificationId,
        verdict: input.verdict,
        rationale: input.rationale,
        hashes: {},
      });
    },
    async saveSandboxFile(input) {
      calls.push(['saveSandboxFile', [input]]);
      const c = need(input.caseId);
      cases.set(input.caseId, { ...c, sandboxFiles: c.sandboxFiles.map((f) => (f.path === input.path ? { ...f, text: input.text } : f)) });
      return audit(input.caseId, { who: 'tester', action: 'edit', hashes: { [input.path]: 'sha256:0123456789abcdef' } });
    },
    async prepareSandboxProgram(caseId, path) {
      calls.push(['prepareSandboxProgram', [caseId, path]]);
      need(caseId);
      const code = `postMessage(JSON.stringify({ type: 'result', value: ${JSON.stringify(path)} }));`;
      return { path, code, sha256: 'sha256-of-fake-program' };
    },
    async draftLetter(caseId, options) {
      calls.push(['draftLetter', options === undefined ? [caseId] : [caseId, options]]);
      const kind = options?.kind ?? 'authors';
      return {
        kind,
        falsificationIds: ['F1'],
        markdown: `# Letter\n\nDear authors of ${need(caseId).paper.title},\n`,
        ready: false,
        missing: ["F1: no reviewer's verdict has been recorded"],
        signedBy: [],
      };
    },
    async listLetters(caseId) {
      calls.push(['listLetters', [caseId]]);
      need(caseId);
      return letters.filter((l) => l.caseId === caseId).map((l) => l.view);
    },
    async readLetter(caseId, letterId, version) {
      calls.push(['readLetter', [caseId, letterId, version]]);
      const l = letters.find((x) => x.caseId === caseId && x.view.id === letterId);
      const text = l?.texts[version - 1];
      if (text === undefined) throw new Error(`no version ${version} of ${letterId}`);
      return text;
    },
    async saveLetter(input) {
      calls.push(['saveLetter', [input]]);
      need(input.caseId);
      const at = '2026-01-01T00:00:00.000Z';
      const who = input.reviewer ?? 'tester';
      let l = letters.find((x) => x.caseId === input.caseId && x.view.id === input.letterId);
      if (l === undefined) {
        const first = { state: 'drafted' as const, at, who };
        l = {
          caseId: input.caseId,
          texts: [],
          view: {
            id: `${input.kind}-${letters.length + 1}`,
            kind: input.kind,
            falsificationIds: input.falsificationIds,
            versions: [],
            status: first,
            history: [first],
          },
        };
        letters.push(l);
      }
      l.texts.push(input.markdown);
      l.view = {
        ...l.view,
        versions: [...l.view.versions, { version: l.texts.length, at, who, sha256: 'sha256-fake', ready: false, missing: [] }],
      };
      return l.view;
    },
    async setLetterStatus(input) {
      calls.push(['setLetterStatus', [input]]);
      const l = letters.find((x) => x.caseId === input.caseId && x.view.id === input.letterId);
      if (l === undefined) throw new Error(`no letter ${input.letterId}`);
      const { caseId: _c, letterId: _l, reviewer, ...change } = input;
      const status = { ...change, at: '2026-01-02T00:00:00.000Z', who: reviewer ?? 'tester' };
      l.view = { ...l.view, status, history: [...l.view.history, status] };
      return l.view;
    },
    async exportLetterPdf(input) {
      calls.push(['exportLetterPdf', [input]]);
      need(input.caseId);
      return { base64: btoa('%PDF-1.4 fake') };
    },
    async listKinds() {
      calls.push(['listKinds', []]);
      return [
        {
          kind: 'test-kind',
          title: 'A test kind',
          paramsSchema: { type: 'object', required: ['table'], properties: { table: { type: 'string', casePath: true } } },
          example: { table: 't.csv' },
        },
      ];
    },
    async createCase(input) {
      calls.push(['createCase', [input]]);
      return {
        id: input.caseId,
        title: input.paperTitle ?? input.caseId,
        paperTitle: input.paperTitle ?? input.caseId,
        venueId: input.venueId ?? `unknown:${input.caseId}`,
        falsificationCount: 0,
      };
    },
    async importLogbook(input) {
      calls.push(['importLogbook', [input]]);
      return {
        caseId: input.caseId,
        created: true,
        logbookId: 'L1',
        path: 'logbooks/L1',
        paper: null,
        pages: 1,
        cells: 0,
        runCells: 0,
        failedRuns: 0,
        truncatedOutputs: 0,
        elidedChars: 0,
        files: input.files.length,
        bytes: 0,
        skipped: [],
        problems: [],
        notices: [],
      };
    },
    async addClaim(input) {
      calls.push(['addClaim', [input]]);
      return { id: 'C2', entry: audit(input.caseId, { who: input.reviewer ?? 'tester', action: 'edit', hashes: {} }) };
    },
    async addFalsification(input) {
      calls.push(['addFalsification', [input]]);
      return { id: 'F2', entry: audit(input.caseId, { who: input.reviewer ?? 'tester', action: 'edit', hashes: {} }) };
    },
    async addCheck(input) {
      calls.push(['addCheck', [input]]);
      return { id: 'k2', entry: audit(input.caseId, { who: input.reviewer ?? 'tester', action: 'edit', hashes: {} }) };
    },
    async withdraw(input) {
      calls.push(['withdraw', [input]]);
      const c = need(input.caseId);
      const w = { at: '2026-12-02T02:30:00.000Z', who: input.reviewer ?? 'tester', reason: input.reason };
      if (input.item === 'claim')
        cases.set(input.caseId, {
          ...c,
          paper: { ...c.paper, claims: c.paper.claims.map((x) => (x.id === input.id ? { ...x, withdrawn: w } : x)) },
        });
      else if (input.item === 'finding')
        cases.set(input.caseId, { ...c, falsifications: c.falsifications.map((f) => (f.id === input.id ? { ...f, withdrawn: w } : f)) });
      else
        cases.set(input.caseId, {
          ...c,
          falsifications: c.falsifications.map((f) =>
            f.id !== input.finding ? f : { ...f, checks: f.checks.map((k) => (k.id === input.id ? { ...k, withdrawn: w } : k)) },
          ),
        });
      return audit(input.caseId, {
        who: w.who,
        action: 'edit',
        hashes: {},
        details: { edit: `withdraw-${input.item}`, reason: input.reason },
      });
    },
    async editPaper(input) {
      calls.push(['editPaper', [input]]);
      cases.set(input.caseId, { ...need(input.caseId), paperMarkdown: input.markdown });
      return audit(input.caseId, {
        who: input.reviewer ?? 'tester',
        action: 'edit',
        hashes: { 'paper.md@before': 'a'.repeat(64), 'paper.md': 'b'.repeat(64) },
        details: { edit: 'edit-paper' },
      });
    },
    async triageLedger(input) {
      calls.push(['triageLedger', [input]]);
      return {
        papers: 1,
        claims: 1,
        logbooks: 2,
        claimStatus: { contested: 1 },
        paperCategories: { contested: 1 },
        queue: [
          {
            tier: 'contested',
            paper: 'openreview:p',
            claim: 'C1',
            status: 'contested',
            verdicts: { verified: 1, falsified: 1, toy: 0, inconclusive: 0 },
            logbooks: ['a', 'b'],
            logbookVerdicts: [
              { logbook: 'a', verdict: 'verified' },
              { logbook: 'b', verdict: 'falsified' },
            ],
            caseIds: [],
          },
        ],
      };
    },
    async extractTable(input) {
      calls.push(['extractTable', [input]]);
      need(input.caseId);
      return { path: input.out, provenancePath: `${input.out}.provenance.json`, columns: ['k', 'ratio'], rows: 3, notes: [] };
    },
    async answerChecklist(input) {
      calls.push(['answerChecklist', [input]]);
      const c = need(input.caseId);
      const falsifications = c.falsifications.map((f) =>
        f.id !== input.falsificationId
          ? f
          : {
              ...f,
              checklist: f.checklist.map((q) => (q.id === input.question ? { ...q, status: input.status, checks: input.checks ?? [] } : q)),
            },
      );
      cases.set(input.caseId, { ...c, falsifications });
      return audit(input.caseId, {
        who: input.reviewer ?? 'tester',
        action: 'edit',
        hashes: {},
        details: { edit: 'answer-checklist', question: input.question },
      });
    },
    async buildReport(caseId, options) {
      calls.push(['buildReport', options === undefined ? [caseId] : [caseId, options]]);
      const c = need(caseId);
      return {
        caseId,
        reportId: 'report-1',
        path: 'runs/report-1',
        root: 'ab'.repeat(32),
        files: 12,
        html: `<!doctype html><html><body><h1>${c.title}</h1><p>report of ${caseId}</p></body></html>`,
      };
    },
    async verdictQueue() {
      calls.push(['verdictQueue', []]);
      const rows = [...cases.values()].flatMap((c) =>
        c.falsifications.map((f) => ({
          caseId: c.id,
          caseTitle: c.title,
          falsificationId: f.id,
          assertion: f.assertion,
          state: 'not-run' as const,
          verdictPredatesRun: false,
          openQuestions: f.checklist.filter((q) => q.status === 'open').map((q) => q.id),
          questionCount: f.checklist.length,
        })),
      );
      return {
        rows,
        counts: { running: 0, 'not-run': rows.length, 'awaiting-verdict': 0, agreed: 0, disagreed: 0, 'needs-more-work': 0 },
        problems: [],
      };
    },
    async compareLogbooks(caseId, a, b) {
      calls.push(['compareLogbooks', [caseId, a, b]]);
      return {
        a,
        b,
        rows: [
          {
            name: 'horizon',
            comparison: 'differs',
            a: [{ value: '300', where: 'p/c1', snippet: '--horizon 300' }],
            b: [{ value: '6416', where: 'p/c2', snippet: '--horizon 6416' }],
          },
        ],
      };
    },
    async addCaseFile(input) {
      calls.push(['addCaseFile', [input]]);
      return audit(input.caseId, { who: input.reviewer ?? 'tester', action: 'edit', hashes: { [input.path]: 'sha256:fake' } });
    },
    async listCaseFiles(caseId) {
      calls.push(['listCaseFiles', [caseId]]);
      need(caseId);
      return [{ path: 'paper.md', size: 10 }];
    },
    async readCaseFile(caseId, path) {
      calls.push(['readCaseFile', [caseId, path]]);
      need(caseId);
      const text = `# ${path}\n`;
      return { kind: 'text', path, size: text.length, sha256: '0'.repeat(64), mediaType: 'text/markdown', text };
    },
    async listRunHistory(caseId, falsificationId) {
      calls.push(['listRunHistory', [caseId, falsificationId]]);
      need(caseId);
      return [];
    },
    async readRunReport(caseId, runId, falsificationId) {
      calls.push(['readRunReport', [caseId, runId, falsificationId]]);
      need(caseId);
      throw new Error(`${caseId}/runs/${runId}: no run ${runId} of ${falsificationId} in the audit log`);
    },
    async listMetricsSources(caseId) {
      calls.push(['listMetricsSources', [caseId]]);
      need(caseId);
      return [];
    },
    async readMetricsSeries(caseId, path, series) {
      calls.push(['readMetricsSeries', [caseId, path, series]]);
      need(caseId);
      return [];
    },
    async downloadCaseFile(caseId, path) {
      calls.push(['downloadCaseFile', [caseId, path]]);
      need(caseId);
      const text = `# ${path}\n`;
      return {
        name: path.slice(path.lastIndexOf('/') + 1),
        mediaType: 'text/markdown',
        base64: btoa(text),
        size: text.length,
        sha256: '0'.repeat(64),
      };
    },
    // The screen (common/api/screen.ts): no challenge folder by default; test/renderer/triage/ overrides these.
    async listScreenFolders() {
      calls.push(['listScreenFolders', []]);
      return [];
    },
    async startScreen(folder) {
      calls.push(['startScreen', [folder]]);
      throw new Error('startScreen is not faked here');
    },
    async screenProgress(screenId) {
      calls.push(['screenProgress', [screenId]]);
      throw new Error('screenProgress is not faked here');
    },
    async cancelScreen(screenId) {
      calls.push(['cancelScreen', [screenId]]);
    },
    async readScreenedLogbook(folder, logbook) {
      calls.push(['readScreenedLogbook', [folder, logbook]]);
      throw new Error('readScreenedLogbook is not faked here');
    },
    async caseFromScreen(input) {
      calls.push(['caseFromScreen', [input]]);
      throw new Error('caseFromScreen is not faked here');
    },
    // The replay capability (common/api/replay.ts): not faked here.
    async replayLiterals(input) {
      calls.push(['replayLiterals', [input]]);
      throw new Error('replayLiterals is not faked here');
    },
    async checkReplayGrid(input) {
      calls.push(['checkReplayGrid', [input]]);
      throw new Error('checkReplayGrid is not faked here');
    },
    async imagePairSet(caseId) {
      calls.push(['imagePairSet', [caseId]]);
      need(caseId);
      return caseId === 'alpha' ? FAKE_PAIR_SET : null;
    },
    async listReviews(caseId) {
      calls.push(['listReviews', [caseId]]);
      need(caseId);
      return [...reviews.entries()]
        .filter(([k]) => k.startsWith(`${caseId}/`))
        .map(([, r]) => ({ ...r.summary, answered: r.answers.length }))
        .reverse();
    },
    async startReview(input) {
      calls.push(['startReview', [input]]);
      if (input.caseId !== 'alpha') throw new Error(`case ${input.caseId} has no image-pair set`);
      const seed = input.seed ?? 12345;
      const reviewId = `review-${reviews.size + 1}`;
      const r: FakeReview = {
        summary: {
          reviewId,
          reviewer: input.reviewer,
          seed,
          repeatShare: input.repeatShare ?? FAKE_PAIR_SET.repeatShare,
          createdAt: '2026-11-29T16:00:00.000Z',
          total: FAKE_PAIR_SET.count,
        },
        answers: [],
      };
      reviews.set(`${input.caseId}/${reviewId}`, r);
      return session(input.caseId, r);
    },
    async openReview(caseId, reviewId) {
      calls.push(['openReview', [caseId, reviewId]]);
      return session(caseId, needReview(caseId, reviewId));
    },
    async answerReview(input) {
      calls.push(['answerReview', [input]]);
      const r = needReview(input.caseId, input.reviewId);
      if (input.index !== r.answers.length) throw new Error(`item ${input.index} is not the next item of the review (${r.answers.length})`);
      if (!FAKE_PAIR_SET.answers.some((o) => o.value === input.answer))
        throw new Error(`"${input.answer}" is not an answer of this review`);
      r.answers.push({ index: input.index, answer: input.answer, ...(input.note !== undefined ? { note: input.note } : {}) });
      return session(input.caseId, r);
    },
    async undoReviewAnswer(caseId, reviewId) {
      calls.push(['undoReviewAnswer', [caseId, reviewId]]);
      const r = needReview(caseId, reviewId);
      if (r.answers.length === 0) throw new Error('nothing to undo');
      r.answers.pop();
      return session(caseId, r);
    },
    async reviewImage(caseId, reviewId, index, side) {
      calls.push(['reviewImage', [caseId, reviewId, index, side]]);
      const r = needReview(caseId, reviewId);
      if (index >= r.summary.total) throw new Error(`no item ${index}`);
      return { mediaType: 'image/png', base64: FAKE_PNG[side] };
    },
    async exportReview(caseId, reviewId) {
      calls.push(['exportReview', [caseId, reviewId]]);
      const r = needReview(caseId, reviewId);
      const path = `reviews/${reviewId}/answers.csv`;
      r.summary = { ...r.summary, exported: path };
      return { path, rows: r.answers.length, sha256: 'cd'.repeat(32) };
    },
    async workspaceSettings() {
      calls.push(['workspaceSettings', []]);
      return settings;
    },
    async saveWorkspaceSettings(input) {
      calls.push(['saveWorkspaceSettings', [input]]);
      // Stands in for sbatch --test-only: the partition "nope" does not exist.
      if (input.sweeps.backend === 'slurm' && input.sweeps.partition === 'nope')
        return { saved: false, problem: 'sbatch: refuses these settings: invalid partition specified: nope' };
      settings = { ...settings, sweeps: input.sweeps, file: 'settings.json', savedAt: '2026-11-29T16:00:00.000Z' };
      return { saved: true, settings };
    },
    async saveReplaySettings(input) {
      calls.push(['saveReplaySettings', [input]]);
      // Stands in for the core's check of the interpreter: it must be an absolute path that exists.
      if (input.python !== undefined && !input.python.startsWith('/'))
        return { saved: false, problem: `/replay/python: ${input.python} must be an absolute path` };
      const { replay: _old, ...rest } = settings;
      settings = {
        ...rest,
        ...(input.python !== undefined ? { replay: { python: input.python } } : {}),
        savedAt: '2026-11-29T16:00:00.000Z',
      };
      return { saved: true, settings };
    },
    onRunEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emitEvent: (e) => emit(e),
    flushRun(runId) {
      const caseId = pending.get(runId);
      if (caseId === undefined) throw new Error(`no pending run ${runId}`);
      pending.delete(runId);
      const result = {
        falsificationId: 'F1',
        checkId: 'k1',
        kind: 'test-kind',
        title: 'A check',
        outcome: 'supports' as const,
        summary: 's',
        evidence: {},
        artifacts: [],
        durationMs: 3,
      };
      const report: CaseRunReport = {
        runId,
        caseId,
        startedAt: '2026-11-29T16:00:00.000Z',
        finishedAt: '2026-11-29T16:00:01.000Z',
        falsifications: [
          {
            falsificationId: 'F1',
            claim: 'C1',
            assertion: 'The claim fails.',
            decision: 'confirmed',
            reason: 'k1 supports',
            checks: [result],
          },
        ],
      };
      emit({ runId, type: 'started', caseId, checks: 1 });
      emit({ runId, type: 'progress', checkId: 'k1', done: 5, total: 10, rate: 2, etaS: 2.5 });
      emit({ runId, type: 'log', checkId: 'k1', line: 'half way' });
      emit({ runId, type: 'check', result });
      cases.set(caseId, {
        ...need(caseId),
        lastRun: report,
        latest: report.falsifications.map((f) => ({ ...f, runId, finishedAt: report.finishedAt })),
      });
      emit({ runId, type: 'finished', report });
    },
  };
}
