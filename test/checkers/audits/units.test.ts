import { describe, it, expect } from 'vitest';
import { auditUnits, ratioMatches, unitsInputFromJson, UnitsInputError } from '../../../checkers/audits/units';

describe('auditUnits', () => {
  it('the issue example: 6.4 s/batch vs 0.8 s/trajectory with batch = 32 trajectory is a unit slip', () => {
    const a = auditUnits({
      definitions: ['batch = 32 trajectory'],
      quantities: { method: '6.4 s/batch', baseline: '0.8 s/trajectory' },
      claim: { numerator: 'method', denominator: 'baseline', ratio: 8, relTol: 0.05 },
    });
    expect(a.commensurable).toBe(true);
    if (!a.commensurable) return;
    // Hand computation: 6.4 s / 32 trajectories = 0.2 s/trajectory; 0.2 / 0.8 = 0.25; 6.4 / 0.8 = 8.
    expect(a.normalized.method!.value).toBeCloseTo(0.2, 12);
    expect(a.normalized.baseline!.value).toBeCloseTo(0.8, 12);
    expect(a.unit).toBe('s / trajectory');
    expect(a.ratio).toBeCloseTo(0.25, 12);
    expect(a.naiveRatio).toBeCloseTo(8, 12);
    expect(a.claimHolds).toBe(false);
    expect(a.explainedByUnitSlip).toBe(true);
    expect(a.dimensions.method).toBe('time / trajectory');
  });

  it('a claim that holds after normalization is not a slip; SI prefixes convert', () => {
    const a = auditUnits({
      definitions: [],
      quantities: { method: '200 ms/token', baseline: '0.1 s/token' },
      claim: { numerator: 'method', denominator: 'baseline', ratio: 2 },
    });
    expect(a.commensurable && a.claimHolds).toBe(true);
    expect(a.commensurable && a.explainedByUnitSlip).toBe(false);
    expect(a.commensurable && a.naiveRatio).toBe(2000);
  });

  it('names both dimensions when no definition links them', () => {
    const a = auditUnits({
      definitions: [],
      quantities: { method: '6.4 s/batch', baseline: '0.8 s/trajectory' },
      claim: { numerator: 'method', denominator: 'baseline', ratio: 8 },
    });
    expect(a.commensurable).toBe(false);
    if (a.commensurable) return;
    expect(a.dimensions).toEqual({ method: 'time / batch', baseline: 'time / trajectory' });
    expect(a.reason).toContain('baseline is time / trajectory');
    expect(a.reason).toContain('method is time / batch');
    const b = auditUnits({ definitions: [], quantities: { d: '3 m', t: '2 s' } });
    expect(b.commensurable).toBe(false);
    if (!b.commensurable) expect(b.dimensions).toEqual({ d: 'length', t: 'time' });
  });

  it('chains definitions and new counted units, each audit in its own mathjs instance', () => {
    const a = auditUnits({
      definitions: ['episode', 'rollout = 4 episode', 'batch = 8 rollout'],
      quantities: { m: '64 s/batch', b: '1 s/episode' },
      claim: { numerator: 'm', denominator: 'b', ratio: 2, relation: 'atLeast' },
    });
    expect(a.commensurable && a.ratio).toBeCloseTo(2, 12);
    // A later audit must not see the earlier definitions: batch is a base unit again.
    const b = auditUnits({ definitions: [], quantities: { m: '64 s/batch', b: '1 s/trajectory' } });
    expect(b.commensurable).toBe(false);
    expect(() => auditUnits({ definitions: [], quantities: { b: '1 s/episode' } })).toThrow(/episode/);
  });

  it('unknown units and malformed definitions are input errors naming the entry', () => {
    expect(() => auditUnits({ definitions: [], quantities: { a: '3 s per batch' } })).toThrow(/quantities\.a/);
    expect(() => auditUnits({ definitions: ['batch = 32 trajectorys'], quantities: { a: '1 s' } })).toThrow(UnitsInputError);
    expect(() => auditUnits({ definitions: ['32 = batch'], quantities: { a: '1 s' } })).toThrow(/definitions\[0\]/);
    expect(() => auditUnits({ definitions: [], quantities: { a: '1 s' }, claim: { numerator: 'a', denominator: 'zz', ratio: 1 } })).toThrow(
      /claim\.denominator/,
    );
  });

  it('ratioMatches implements equal, atLeast and atMost with the tolerance', () => {
    expect(ratioMatches(7.7, { ratio: 8, relTol: 0.05 })).toBe(true);
    expect(ratioMatches(7.5, { ratio: 8, relTol: 0.05 })).toBe(false);
    expect(ratioMatches(25, { ratio: 8, relation: 'atLeast' })).toBe(true);
    expect(ratioMatches(25, { ratio: 8, relation: 'atMost' })).toBe(false);
    expect(ratioMatches(8.3, { ratio: 8, relation: 'atMost' })).toBe(true);
  });
});

describe('auditUnits common unit', () => {
  it('expresses every quantity in the given unit and rejects one of another dimension', () => {
    const a = auditUnits({
      definitions: ['batch = 50 trajectory'],
      quantities: { baseline: '1.5 s/trajectory', method: '3.0 s/batch' },
      unit: 'ms/trajectory',
      claim: { numerator: 'baseline', denominator: 'method', ratio: 8, relation: 'atLeast' },
    });
    expect(a.commensurable && a.unit).toBe('ms / trajectory');
    expect(a.commensurable && a.normalized.method!.value).toBeCloseTo(60, 10);
    expect(a.commensurable && a.ratio).toBeCloseTo(25, 10);
    expect(() => auditUnits({ definitions: [], quantities: { a: '1 s' }, unit: 'm' })).toThrow(/unit: "m" is length, not time/);
  });
});

describe('auditUnits input edges (issue 9)', () => {
  it('a quantity named __proto__ or constructor is kept like any other name', () => {
    const input = unitsInputFromJson(
      JSON.parse(
        '{"format": "recheck.units/1", "quantities": {"__proto__": "2 s", "constructor": "1 s"}, "claim": {"numerator": "__proto__", "denominator": "constructor", "ratio": 2}}',
      ),
    );
    expect(Object.keys(input.quantities)).toEqual(['__proto__', 'constructor']);
    const a = auditUnits(input);
    expect(a.commensurable && Object.keys(a.normalized)).toEqual(['__proto__', 'constructor']);
    expect(a.commensurable && a.ratio).toBe(2);
    expect(JSON.parse(JSON.stringify(a)).normalized.__proto__).toEqual({ value: 2, unit: 's' });
  });

  it('a zero denominator, or a ratio beyond float64, is an input error, never an infinite or null ratio', () => {
    const claim = { numerator: 'a', denominator: 'b', ratio: 1 };
    expect(() => auditUnits({ definitions: [], quantities: { a: '1 s', b: '0 s' }, claim })).toThrow(
      /quantities\.b: "0 s" is zero, so the ratio a \/ b is undefined/,
    );
    expect(() => auditUnits({ definitions: [], quantities: { a: '1e300 s', b: '1e-300 s' }, claim })).toThrow(
      /claim: the ratio a \/ b overflows or underflows float64/,
    );
    expect(() => auditUnits({ definitions: [], quantities: { a: '1e-300 s', b: '1e300 s' }, claim })).toThrow(/underflows/);
    expect(() => auditUnits({ definitions: [], quantities: { a: '1e300 km', b: '1 m' }, unit: 'nm' })).toThrow(
      /quantities\.a: .* not a finite number of nm/,
    );
    const zeroNum = auditUnits({ definitions: [], quantities: { a: '0 s', b: '2 s' }, claim });
    expect(zeroNum.commensurable && zeroNum.ratio).toBe(0);
  });
});
