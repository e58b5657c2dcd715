// The page's only stylesheet, inlined and allowed by its hash in the CSP. The markup is readable
// without it (Jenkins' default CSP blocks inline styles too), so it only adds colour and layout.

/** Source of the inline <style>. */
export const pageStyle = `
:root { --passed: #2e7d32; --failed: #c62828; --errored: #b45309; --skipped: #6b7280; --line: #d9dde3; --soft: #f5f7fa; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0 auto; max-width: 1200px; padding: 1.5rem; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; background: #fff; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .75rem; padding-bottom: .25rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.05rem; margin: 1.5rem 0 .5rem; }
h4 { font-size: .95rem; margin: 1rem 0 .5rem; font-weight: 600; }
h5 { font-size: .85rem; margin: .9rem 0 .35rem; text-transform: uppercase; letter-spacing: .04em; color: #57606a; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: .85rem; }
pre { margin: .25rem 0 .5rem; padding: .5rem .75rem; background: var(--soft); border: 1px solid var(--line); border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 28rem; overflow: auto; }
.top { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.25fr); gap: 1.25rem; align-items: start; }
.top #certificate h2 { margin-top: .25rem; }
pre.certificate { white-space: pre; overflow-x: auto; font-size: .75rem; }
@media (max-width: 900px) { .top { grid-template-columns: minmax(0, 1fr); } }
.run-header { padding: 1rem 1.25rem; border: 1px solid var(--line); border-radius: 8px; background: var(--soft); }
.overall { font-size: 1.1rem; margin: .25rem 0 .75rem; }
.verdict { display: inline-block; padding: .15rem .6rem; border-radius: 4px; color: #fff; font-weight: 700; letter-spacing: .05em; }
.verdict-passed { background: var(--passed); }
.verdict-failed { background: var(--failed); }
.run-facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: 0; }
.run-facts dt { color: #57606a; }
.run-facts dd { margin: 0; overflow-wrap: anywhere; }
.facts { margin: 0 0 .5rem; color: #57606a; font-size: .85rem; }
.interrupted { color: var(--errored); font-weight: 600; }
table.classes { border-collapse: collapse; width: 100%; }
table.classes th, table.classes td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid var(--line); }
table.classes thead th { font-size: .8rem; text-transform: uppercase; color: #57606a; }
.class-reason { display: block; margin-top: .2rem; color: #57606a; font-size: .85rem; overflow-wrap: anywhere; }
.status { display: inline-block; min-width: 4.6rem; padding: 0 .4rem; border-radius: 4px; font-size: .78rem; font-weight: 700; text-align: center; text-transform: uppercase; color: #fff; background: var(--skipped); }
.status-passed { background: var(--passed); }
.status-failed { background: var(--failed); }
.status-errored { background: var(--errored); }
.status-not-run { background: #9ca3af; }
.counts, .hint { color: #57606a; font-size: .85rem; font-weight: normal; }
.badge svg { display: block; margin: .25rem 0 .5rem; }
#toolbar { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; padding: .5rem 0; background: #fff; }
#toolbar:empty { display: none; }
#toolbar input[type=search] { flex: 1 1 18rem; padding: .35rem .5rem; font: inherit; }
#toolbar select, #toolbar button, button.copy { padding: .3rem .6rem; font: inherit; font-size: .85rem; }
button.copy { display: block; margin: .35rem 0 -.1rem auto; padding: .1rem .5rem; font-size: .75rem; }
#shown-count { color: #57606a; font-size: .85rem; }
details.check { border: 1px solid var(--line); border-radius: 6px; margin: .35rem 0; background: #fff; }
/* Thousands of checks: the browser lays out only those near the viewport. */
details.check { content-visibility: auto; contain-intrinsic-size: auto 2.6rem; }
details.check[data-status=failed] { border-left: 4px solid var(--failed); }
details.check[data-status=errored] { border-left: 4px solid var(--errored); }
details.check > summary { cursor: pointer; padding: .45rem .75rem; }
details.check[open] > summary { border-bottom: 1px solid var(--line); background: var(--soft); }
.check-title { margin-left: .25rem; }
.summary-message { display: block; margin: .2rem 0 0 5.3rem; color: #57606a; font-size: .88rem; overflow-wrap: anywhere; }
.check-body { padding: .5rem .75rem .75rem; }
/* A chart wider than the check scrolls inside it instead of being clipped. */
figure.page-grid, figure.delivery-timeline, figure.acknowledgements, figure.page-cost, figure.run-overview { max-width: 100%; overflow-x: auto; margin: .5rem 0; }
.expectation { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: .5rem 0; }
.expectation dt { font-weight: 600; }
.expectation dd { margin: 0; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .85rem; overflow-wrap: anywhere; }
.expected { color: var(--passed); }
.actual { color: var(--failed); }
.findings { margin: .5rem 0; padding-left: 1.25rem; }
.sequence-steps { margin: .5rem 0; padding-left: 1.25rem; list-style: none; font-family: ui-monospace, monospace; font-size: .85rem; }
.sequence-steps .step-breaks { color: var(--failed); }
.finding-warning strong { color: var(--errored); }
.finding-advisory strong { color: var(--skipped); }
.exchange { margin: .5rem 0 1rem; padding-left: .75rem; border-left: 3px solid var(--line); }
.exchange-title { margin: .25rem 0; font-weight: 600; font-size: .88rem; }
.exchange-error { color: var(--failed); }
.body-caption { margin: .25rem 0 0; font-size: .8rem; color: #57606a; }
pre.curl, pre.replay { background: #0f172a; color: #e2e8f0; border-color: #0f172a; }
.omitted { color: #8a6d00; font-style: italic; font-family: system-ui, sans-serif; }
.tag { margin-left: .4rem; padding: 0 .4rem; border-radius: 10px; font-size: .75rem; font-weight: 700; border: 1px solid currentColor; }
.tag-new-failure { color: var(--failed); }
.tag-fixed { color: var(--passed); }
.tag-still-failing, .tag-not-rechecked { color: var(--skipped); }
.tag-warning { color: var(--errored); }
.tag-advisory { color: var(--skipped); }
#root-causes { border-left: 4px solid var(--failed); padding: .2rem .8rem; margin: .6rem 0; background: var(--soft); }
#root-causes li { margin: .4rem 0; }
#advice { border-left: 4px solid var(--skipped); padding: .2rem .8rem; margin: .6rem 0; background: var(--soft); }
.comparison-counts { display: flex; flex-wrap: wrap; gap: 1.25rem; list-style: none; padding: 0; }
.comparison-category[data-category=new-failure] h3 { color: var(--failed); }
.comparison-category[data-category=fixed] h3 { color: var(--passed); }
footer { margin-top: 2.5rem; color: #57606a; font-size: .8rem; }
@media print { #toolbar, button.copy { display: none; } pre { max-height: none; } }
`;
