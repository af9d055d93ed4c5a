/**
 * The answers of the case's question as buttons, each with its key cap (the legend is the buttons): a click or the
 * key gives the answer. Disabled until both images are shown and while an answer is being written.
 */
import type { PerceptualAnswerOption } from '../../common/api/contract';
import { Keys } from '../palette/CommandPalette';
import { answerChord } from './review-commands';

export function AnswerLegend(props: {
  answers: readonly PerceptualAnswerOption[];
  enabled: boolean;
  onAnswer(value: string): void;
  labelledBy?: string;
}) {
  return (
    <div className="review-answers" role="group" aria-labelledby={props.labelledBy} data-testid="review-answers">
      {props.answers.map((a) => {
        const chord = answerChord(a.key);
        return (
          <button
            key={a.value}
            type="button"
            className="btn review-answer"
            disabled={!props.enabled}
            onClick={() => props.onAnswer(a.value)}
            aria-keyshortcuts={chord !== null ? a.key : undefined}
            data-testid="review-answer"
            data-answer={a.value}
          >
            {chord !== null ? <Keys chord={chord} /> : null}
            <span>{a.label}</span>
          </button>
        );
      })}
    </div>
  );
}
