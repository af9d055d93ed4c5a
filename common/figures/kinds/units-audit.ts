/** Figure of a `units-audit` check: the quantities normalised to one unit, side by side on one axis. */
import { num, obj, short, str, type Json } from '../read';
import type { FigureSpec } from '../spec';

export function unitsAuditFigures(e: Json): FigureSpec[] {
  const normalized = obj(e.normalized);
  const unit = str(e.unit);
  if (normalized === undefined || unit === undefined || e.commensurable === false) return [];
  const names = Object.keys(normalized).filter((k) => num(obj(normalized[k])?.value) !== undefined);
  if (names.length === 0) return [];
  const values = names.map((k) => obj(normalized[k])!.value as number);
  const written = obj(e.quantities) ?? {};
  const claim = obj(e.claim);
  const ratio = num(e.ratio);
  const naive = num(e.naiveRatio);
  const defs = Array.isArray(e.definitions) ? (e.definitions as unknown[]).filter((d): d is string => typeof d === 'string') : [];
  const ratioText =
    claim !== undefined && ratio !== undefined
      ? ` ${str(claim.numerator)}/${str(claim.denominator)} = ${short(ratio)} once normalised${naive !== undefined ? `; the written numbers’ ratio is ${short(naive)}` : ''}.`
      : '';
  return [
    {
      type: 'bars',
      id: 'normalised',
      title: `The quantities in one unit (${unit})`,
      caption: `As written: ${names.map((k) => `${k} ${str(written[k]) ?? '?'}`).join(', ')}${defs.length > 0 ? `, with ${defs.join(', ')}` : ''}. Both normalised to ${unit}: ${names.map((k, i) => `${k} ${short(values[i]!)}`).join(', ')}.${ratioText}`,
      categories: names,
      series: [{ label: `normalised (${unit})`, tone: 1, values }],
      value: { label: 'value', unit },
    },
  ];
}
