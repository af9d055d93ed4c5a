import { describe, it, expect } from 'vitest';
import { formatUrlState, parseUrlState } from '../../renderer/lib/url-state';

describe('url state', () => {
  it('reads the case, tab and falsification, ignoring what is not an identifier', () => {
    expect(parseUrlState('?case=fw-attention-collapse&tab=decide&f=F2')).toEqual({ case: 'fw-attention-collapse', tab: 'decide', f: 'F2' });
    expect(parseUrlState('?case=../etc&tab=%3Cscript%3E')).toEqual({});
  });

  it('reads and writes the open perceptual review beside its case', () => {
    expect(parseUrlState('?case=quantization-stability&review=r-ada-1')).toEqual({ case: 'quantization-stability', review: 'r-ada-1' });
    expect(parseUrlState('?case=a&review=..%2Fx')).toEqual({ case: 'a' });
    expect(formatUrlState('?case=a&review=r1', { case: 'a' })).toBe('?case=a');
    expect(formatUrlState('?case=a', { case: 'a', review: 'r1' })).toBe('?case=a&review=r1');
  });

  it('writes them back keeping other parameters, and drops removed ones', () => {
    expect(formatUrlState('?debug=1&case=a', { case: 'b', f: 'F1' })).toBe('?debug=1&case=b&f=F1');
    expect(formatUrlState('?case=a', {})).toBe('');
  });
});
