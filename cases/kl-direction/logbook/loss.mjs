// Excerpt of the released training code (train_distill.py, distill_loss), transcribed to JavaScript for the
// audit: F.kl_div(student_logp, teacher_p, reduction="sum") on one example, with p the teacher's and q the
// student's probabilities (the paper's order). `recheck audit divergence` runs this file in the sandbox.
export default function distillLoss(p, q) {
  let loss = 0;
  for (let i = 0; i < p.length; i++) {
    const studentLogp = Math.log(q[i]);
    // kl_div(input, target) = target * (log(target) - input), summed
    loss += p[i] * (Math.log(p[i]) - studentLogp);
  }
  return loss;
}
