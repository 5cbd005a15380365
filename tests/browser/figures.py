"""What a player feels of a page, measured in the browser: how far down its first
control is, its smallest tap target, and whether it scrolls sideways.

One definition for bench/screens.py (the figures of every page) and the browser tests
that hold pages to them.
"""

TAP = 44  # px: the smallest tap target a finger hits reliably (WCAG 2.5.5, Apple's HIG)

# Measured in the page (`page.evaluate(MEASURE, TAP)`): the first control a person uses,
# the smallest tap target and every one under `tap` px.
MEASURE = """(tap) => {
  const main = document.querySelector('main') || document.body;
  const shown = (el) => {
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden';
  };
  const name = (el) => {
    const text = (el.innerText || el.value || el.getAttribute('aria-label') || el.name || '');
    return el.tagName.toLowerCase() + (el.type ? '[' + el.type + ']' : '') + ' "'
      + text.trim().replace(/\\s+/g, ' ').slice(0, 28) + '"';
  };
  const inSentence = (el) => {  // a link within a sentence is text, not a target
    let block = el.parentElement;
    while (getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
    return el.tagName === 'A' && getComputedStyle(el).display === 'inline'
      && block.textContent.trim().length > el.textContent.trim().length + 20;
  };
  const top = (el) => Math.round(el.getBoundingClientRect().top + window.scrollY);
  const controls = 'input:not([type=hidden]), select, textarea, button';
  const first = [...main.querySelectorAll(controls)].find(shown);
  let smallest = null;
  const small = [];
  for (const el of main.querySelectorAll(controls + ', a[href], summary')) {
    if (!shown(el) || inSentence(el)) continue;
    let box = el.getBoundingClientRect();
    // A checkbox or radio counts with the label that holds it (a finger that lands
    // around the box lands in the label); a label beside it leaves the box alone small.
    const label = el.closest('label');
    if (label && ['checkbox', 'radio'].includes(el.type)) {
      const l = label.getBoundingClientRect();
      if (l.width * l.height > box.width * box.height) box = l;
    }
    const size = Math.min(box.width, box.height);
    const text = `${Math.round(box.width)}×${Math.round(box.height)} ${name(el)}`;
    if (size < tap) small.push(text);
    if (!smallest || size < smallest.size) smallest = {size, text};
  }
  return {
    height: document.documentElement.scrollHeight,
    first: first ? `${top(first)} ${name(first)}` : '–',
    smallest: smallest ? smallest.text : '–',
    overflow: document.documentElement.scrollWidth > window.innerWidth,
    // Tables whose own box scrolls sideways: columns out of sight as the page opens.
    boxed: [...document.querySelectorAll('.table-scroll')]
      .filter((box) => shown(box) && box.scrollWidth > box.clientWidth + 1)
      .map((box) => {
        const table = box.querySelector('table');
        const what = table ? 'table.' + [...table.classList].join('.') : 'box';
        return `${what} +${box.scrollWidth - box.clientWidth}px`;
      }),
    small,
  };
}"""


def measure(page) -> dict:
    """The page's figures: height, first (y and what), smallest, small (under TAP px),
    overflow (it scrolls sideways), boxed (its tables that scroll sideways in their box)."""
    return page.evaluate(MEASURE, TAP)
