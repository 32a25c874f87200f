import type { Reporter, TestCase, TestModule } from "vitest/node";

// Issue 38: no test may sit within 3× of its timeout on a quiet machine (on a busy one, tests
// run 3–5× slower and such a test fails for no fault of the code). Listed after every run, with
// the test's time, its timeout and the ratio, so a test that creeps toward its limit is seen
// before a busy CI machine makes it fail.
const MARGIN = 3;

export default class TimeoutMarginReporter implements Reporter {
  private readonly close: { name: string; ms: number; timeout: number }[] = [];

  onTestCaseResult(testCase: TestCase) {
    const ms = testCase.diagnostic()?.duration;
    const timeout = testCase.options.timeout;
    if (ms === undefined || !timeout || testCase.result().state !== "passed") return;
    if (ms * MARGIN > timeout) this.close.push({ name: `${testCase.module.moduleId.replace(`${process.cwd()}/`, "")} > ${testCase.fullName}`, ms, timeout });
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>) {
    if (!this.close.length) {
      console.log(`\nTimeout margin: every test passed in less than a third of its timeout.`);
      return;
    }
    console.log(`\nTimeout margin: ${this.close.length} test(s) took more than a third of their timeout (this machine's load counts):`);
    for (const { name, ms, timeout } of this.close.sort((a, b) => b.ms / b.timeout - a.ms / a.timeout)) {
      console.log(`  ${(ms / 1000).toFixed(1)} s of ${(timeout / 1000).toFixed(1)} s (${((ms / timeout) * 100).toFixed(0)} %)  ${name}`);
    }
  }
}
