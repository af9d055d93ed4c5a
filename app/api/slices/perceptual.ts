/**
 * The perceptual slice of the service: finds the case and its reviewer, then calls the perceptual-review
 * methods over its folder (app/perceptual/review-api.ts, which knows nothing of the service).
 * Example: `perceptualSlice(ctx).listReviews('quantization')` lists the case's blind reviews, newest first.
 */
import * as review from '../../perceptual/review-api';
import type { ApiSlice, ServiceContext } from '../context';

export function perceptualSlice(ctx: ServiceContext): ApiSlice<'perceptual'> {
  return {
    async imagePairSet(caseId) {
      const { dir, loaded } = await ctx.caseOf(caseId);
      return review.imagePairSetOf(dir, loaded.file);
    },

    async listReviews(caseId) {
      return review.listReviews(await ctx.caseDir(caseId), 'when-complete');
    },

    async startReview(input) {
      const { dir, loaded } = await ctx.caseOf(input.caseId);
      return review.startReview(dir, loaded.file, input, input.reviewer);
    },

    async openReview(caseId, reviewId) {
      return review.openReview(await ctx.caseDir(caseId), caseId, reviewId);
    },

    async answerReview(input) {
      return review.answerReview(await ctx.caseDir(input.caseId), input);
    },

    async undoReviewAnswer(caseId, reviewId) {
      return review.undoReviewAnswer(await ctx.caseDir(caseId), caseId, reviewId);
    },

    async reviewImage(caseId, reviewId, index, side) {
      return review.reviewImage(await ctx.caseDir(caseId), reviewId, index, side);
    },

    async exportReview(caseId, reviewId) {
      return review.exportReview(await ctx.caseDir(caseId), caseId, reviewId, ctx.reviewerOf({}));
    },
  };
}
