// uses: 
// Small helpers every other module uses: element lookup, SVG building, numbers and plurals in
// words, and the live region that tells a screen reader what changed.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

// An SVG element with its attributes, appended to `parent`, holding `text` if given.
function el(name, attrs, parent, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

// An HTML element with its properties and children.
function html(name, props, ...children) {
  const node = document.createElement(name);
  const { dataset, ...rest } = props || {};
  Object.assign(node, rest);
  Object.assign(node.dataset, dataset || {});
  node.append(...children);
  return node;
}

// Every number the page writes, as `Intl.NumberFormat('en-US')` writes it: the number's shortest
// decimal form rounded half away from zero to three decimals, trailing zeros dropped, commas
// between groups of three digits, "-" on a negative number (and -0). Done by hand, because making
// that formatter loads the browser's locale data, about 10 ms of the page's first task
// (docs/figures.md's loading rows); page/test_util.js holds the two to the same text.
const grouped = (n) => {
  const x = Number(n);
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'NaN' : x < 0 ? '-∞' : '∞';
  const [, before, after = '', exponent = '0'] = String(Math.abs(x)).match(/^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/);
  // The digits, and where the decimal point falls in them, padded with zeros to hold it.
  let digits = before + after, point = before.length + Number(exponent);
  if (point < 1) digits = '0'.repeat(1 - point) + digits, point = 1;
  digits = digits.padEnd(point + 4, '0');
  // Thousandths, rounded at the fourth decimal, as one whole number.
  let thousandths = BigInt(digits.slice(0, point + 3));
  if (digits[point + 3] >= '5') thousandths += 1n;
  const text = thousandths.toString().padStart(4, '0');
  const whole = text.slice(0, -3), decimals = text.slice(-3).replace(/0+$/, '');
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  return sign + whole.replace(/\B(?=(\d{3})+$)/g, ',') + (decimals ? '.' + decimals : '');
};
// "1 pair", "3 pairs": the count grouped, the noun in the right number.
const count = (n, one, many) => `${grouped(n)} ${Number(n) === 1 ? one : many || one + 's'}`;

// Says `text` to a screen reader through the polite live region `id`, in one change of the
// region (a repeat of the text it holds gets a no-break space, so it is a change and is read).
// While something plays (`playing`), at most one announcement a second reaches the screen reader,
// counted on the page's clock across every live region: a screen reader handed thirty steps a
// second reads none of them to the end. A text that arrives within the second waits for its end,
// and a newer one replaces it there; a step taken by hand, a pause and the end are said at once.
const SAY_EVERY_MS = 1000;
const speech = { last: -Infinity, waiting: null };
function say(id, text, playing) {
  clearTimeout(speech.waiting);
  const since = performance.now() - speech.last;
  if (playing && since < SAY_EVERY_MS) {
    speech.waiting = setTimeout(() => say(id, text, false), SAY_EVERY_MS - since);
    return;
  }
  speech.last = performance.now();
  const region = $(id);
  region.textContent = region.textContent === text ? text + '\u00a0' : text;
}

// The answer's live region.
const announce = (text, playing) => say('announce', text, playing);

// The text colour, black or white, that contrasts more with the background `hex` (#rrggbb):
// one of the two always reaches 4.5:1 (WCAG's relative luminance).
function textOn(hex) {
  const channel = (i) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#000' : '#fff';
}

// `text` in lines of at most `width` characters, broken at spaces.
function wrap(text, width) {
  const lines = [''];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (lines[last] && lines[last].length + 1 + word.length > width) lines.push(word);
    else lines[last] = lines[last] ? lines[last] + ' ' + word : word;
  }
  return lines;
}

// A random 32-bit number for the module's random cases.
const random32 = () => Math.floor(Math.random() * 4294967296);
