/**
 * Check kind `kl-mode-fit`: does the KL direction matter for this teacher? Runs the case's re-implementation
 * (param `module`, in the sandbox), which fits one Gaussian student to a Gaussian-mixture teacher under
 * forward KL and under reverse KL, then re-evaluates both divergences at both fits here, independently, at
 * `digits` digits (MPFR) and decides from those numbers:
 * - supports (the direction matters, so a theory about one direction does not carry over to code computing
 *   the other): each fit is strictly better in its own direction, and the fitted means are at least
 *   `minSeparation` of the teacher's mode spread apart;
 * - refutes: the two fits are closer than that (for this teacher the direction makes no practical difference);
 * - neutral: the fits are not each better in their own direction (the re-implementation did not optimise).
 */
import { resolveCasePath, type CheckKind, type CheckResult } from '../kind';
import { BadInputError } from '../../errors';
import { preciseCandidate } from '../../../checkers/divergence/candidates';
import {
  discretisedGaussian,
  discretisedMixture,
  gridPoints,
  mixtureDensity,
  type GridSpec,
  type MixtureSpec,
} from '../../../checkers/divergence/mode-fit';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { createPrecise } from '../../../checkers/precise/precise';
import { klModeFitWords } from './kl-mode-fit.words';

export interface KlModeFitParams {
  module: string;
  teacher: MixtureSpec;
  grid: GridSpec;
  digits?: number;
  minSeparation?: number;
  timeoutSeconds?: number;
}

interface ReportedFit {
  direction: 'forward-kl' | 'reverse-kl';
  mean: number;
  sd: number;
  forwardKl: string;
  reverseKl: string;
}

const numberList = { type: 'array', minItems: 1, maxItems: 16, items: { type: 'number' } };

export const klModeFitKind: CheckKind<KlModeFitParams> = {
  kind: 'kl-mode-fit',
  words: klModeFitWords,
  title: 'Fit one Gaussian to a multimodal teacher under forward and reverse KL (sandboxed) and compare at high precision',
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['module', 'teacher', 'grid'],
    properties: {
      module: { type: 'string', minLength: 1, casePath: true, description: 'case-relative path of the re-implementation (run sandboxed)' },
      teacher: {
        type: 'object',
        additionalProperties: false,
        required: ['weights', 'means', 'sds'],
        properties: { weights: numberList, means: numberList, sds: numberList },
      },
      grid: {
        type: 'object',
        additionalProperties: false,
        required: ['min', 'max', 'points'],
        properties: { min: { type: 'number' }, max: { type: 'number' }, points: { type: 'integer', minimum: 3, maximum: 5000 } },
      },
      digits: { type: 'integer', minimum: 20, maximum: 1000 },
      minSeparation: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
      timeoutSeconds: { type: 'number', exclusiveMinimum: 0, maximum: 3600 },
    },
  },
  // The case's re-implementation runs now; its fits are float64 optimiser output with no proven bound, so
  // the separation it decides on is approximate (the divergences at the fits are recomputed at `digits`).
  basis: 'recomputed',
  guarantee: { kind: 'approximate', bound: 'fits from a float64 optimiser; divergences at the fits recomputed at the stated digits' },
  example: {
    module: 'sandbox/mode-fit.ts',
    teacher: { weights: [0.6, 0.4], means: [-3, 3], sds: [0.8, 0.8] },
    grid: { min: -10, max: 10, points: 201 },
    digits: 40,
  },
  async run(params, ctx): Promise<CheckResult> {
    const digits = params.digits ?? 40;
    const minSeparation = params.minSeparation ?? 0.25;
    const runner = await ctx.sandbox();
    const limits = { timeoutMs: (params.timeoutSeconds ?? 60) * 1000 };
    const program = await runner.prepare({
      modulePath: resolveCasePath(ctx, params.module),
      label: params.module,
      limits,
      signal: ctx.signal,
    });
    let end;
    try {
      end = await runner.run(program, {
        input: { teacher: params.teacher, grid: params.grid, digits },
        seed: 0,
        limits,
        signal: ctx.signal,
        onMessage: (m) => {
          if (m.type === 'progress')
            ctx.progress({
              done: m.done,
              ...(m.total !== undefined ? { total: m.total } : {}),
              ...(m.message !== undefined ? { message: m.message } : {}),
            });
          if (m.type === 'log') ctx.log(m.text);
        },
      });
    } finally {
      await program.dispose();
    }
    if (end.outcome !== 'ok') throw new BadInputError(params.module, `${end.outcome}: ${end.message}`);
    const fits = readFits(end.value, params.module);
    const fwd = fits['forward-kl'];
    const rev = fits['reverse-kl'];

    // Independent high-precision evaluation of both divergences at both fits.
    const P = createPrecise({ digits, mpfr: await loadMpfr() });
    const xs = gridPoints(params.grid);
    const p = discretisedMixture(params.teacher, xs);
    const at = (f: ReportedFit) => {
      const q = discretisedGaussian(f.mean, f.sd, xs);
      return { forwardKl: preciseCandidate(P, 'forward-kl', p, q), reverseKl: preciseCandidate(P, 'reverse-kl', p, q) };
    };
    const atFwd = at(fwd);
    const atRev = at(rev);
    const agree = (a: string, b: { toString(): string }) =>
      P.sub(a, b.toString())
        .abs()
        .lte(P.value(`1e-${digits - 8}`));
    const sandboxAgrees =
      agree(fwd.forwardKl, atFwd.forwardKl) &&
      agree(fwd.reverseKl, atFwd.reverseKl) &&
      agree(rev.forwardKl, atRev.forwardKl) &&
      agree(rev.reverseKl, atRev.reverseKl);
    const forwardPrefersOwn = atFwd.forwardKl.lt(atRev.forwardKl);
    const reversePrefersOwn = atRev.reverseKl.lt(atFwd.reverseKl);
    const spread = Math.max(...params.teacher.means) - Math.min(...params.teacher.means);
    const separation = spread > 0 ? Math.abs(fwd.mean - rev.mean) / spread : 0;
    const peak = Math.max(...params.teacher.means.map((mu) => mixtureDensity(params.teacher, mu)));
    const valleyRatio = mixtureDensity(params.teacher, fwd.mean) / peak;

    const show = (d: { toString(): string }) => Number(d.toString()).toPrecision(6);
    const evidence = {
      module: params.module,
      digits,
      teacher: params.teacher,
      grid: params.grid,
      fits: { 'forward-kl': { mean: fwd.mean, sd: fwd.sd }, 'reverse-kl': { mean: rev.mean, sd: rev.sd } },
      divergencesAtForwardFit: { forwardKl: atFwd.forwardKl.toString(), reverseKl: atFwd.reverseKl.toString() },
      divergencesAtReverseFit: { forwardKl: atRev.forwardKl.toString(), reverseKl: atRev.reverseKl.toString() },
      forwardPrefersOwn,
      reversePrefersOwn,
      separation,
      minSeparation,
      teacherDensityAtForwardMeanOverPeak: valleyRatio,
      sandboxAgreesWithHost: sandboxAgrees,
    };
    const fitText = `forward-KL fit N(${fwd.mean.toFixed(3)}, ${fwd.sd.toFixed(3)}^2), reverse-KL fit N(${rev.mean.toFixed(3)}, ${rev.sd.toFixed(3)}^2)`;
    if (!sandboxAgrees) {
      return {
        outcome: 'neutral',
        summary: `The re-implementation's high-precision divergences disagree with the host's recomputation; nothing is concluded (${fitText}).`,
        evidence,
      };
    }
    if (!forwardPrefersOwn || !reversePrefersOwn) {
      return {
        outcome: 'neutral',
        summary: `The fits are not each better in their own direction (${fitText}); the re-implementation did not optimise.`,
        evidence,
      };
    }
    if (separation < minSeparation) {
      return {
        outcome: 'refutes',
        summary: `The direction makes no material difference here: ${fitText}, means ${(separation * 100).toFixed(1)}% of the mode spread apart.`,
        evidence,
      };
    }
    return {
      outcome: 'supports',
      summary:
        `The direction matters: ${fitText}. Forward KL covers both modes (its mean sits where the teacher density is ${valleyRatio.toExponential(2)} of its peak); ` +
        `reverse KL locks onto one mode. At ${digits} digits: forward KL ${show(atFwd.forwardKl)} vs ${show(atRev.forwardKl)}, reverse KL ${show(atRev.reverseKl)} vs ${show(atFwd.reverseKl)}.`,
      evidence,
    };
  },
};

function readFits(value: unknown, module: string): Record<'forward-kl' | 'reverse-kl', ReportedFit> {
  const fits = (value as { fits?: unknown })?.fits;
  const out: Partial<Record<'forward-kl' | 'reverse-kl', ReportedFit>> = {};
  if (Array.isArray(fits)) {
    for (const f of fits as Partial<ReportedFit>[]) {
      const ok =
        (f.direction === 'forward-kl' || f.direction === 'reverse-kl') &&
        Number.isFinite(f.mean) &&
        Number.isFinite(f.sd) &&
        (f.sd ?? 0) > 0 &&
        typeof f.forwardKl === 'string' &&
        typeof f.reverseKl === 'string';
      if (ok) out[f.direction as 'forward-kl' | 'reverse-kl'] = f as ReportedFit;
    }
  }
  if (out['forward-kl'] === undefined || out['reverse-kl'] === undefined)
    throw new BadInputError(
      module,
      'the re-implementation did not return a forward-kl and a reverse-kl fit {direction, mean, sd, forwardKl, reverseKl}',
    );
  return out as Record<'forward-kl' | 'reverse-kl', ReportedFit>;
}
