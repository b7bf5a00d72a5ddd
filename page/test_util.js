// The study page's number formatting (web/util.js's `grouped`) against the formatter it stands in
// for, `Intl.NumberFormat('en-US')`, under Node: integers of every length and sign, the page's
// counts (up to Colour Hash's 6,286,896,000 configurations and past 2^53), fractions that round
// at the third decimal either way, numbers written in exponent form, and the values that are not
// finite.
// Usage: node page/test_util.js
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const context = vm.createContext({});
vm.runInContext(`${fs.readFileSync(path.join(__dirname, 'web/util.js'), 'utf8')}\nthis.grouped = grouped;`, context);
const intl = new Intl.NumberFormat('en-US');

const numbers = [0, -0, 1, -1, 9, 10, 999, 1000, -1000, 12345, 999999, 1000000, 181440, 362880, 6286896000,
  2 ** 53, 2 ** 53 + 2, 1e20, 0.5, 1.0005, 1.0004, 2.5, 0.1 + 0.2, 1234.5678, -1234.5678, -0.0004, 0.0005, 99.9996,
  1e-7, -1.5e-5, 0.0004999, 1e21, 1.2345678901234567e25, -9.999e-4, NaN, Infinity, -Infinity, '42', 7n];
// Seeded: the same numbers on every run (a linear congruential generator).
let seed = 12345;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
for (let i = 0; i < 2000; i++) {
  const digits = Math.floor(next() * 16);
  const value = Math.floor(next() * 10 ** digits);
  numbers.push(value, -value, value / 1000, value / 7);
}
const wrong = numbers.filter((n) => context.grouped(n) !== intl.format(Number(n)));
if (wrong.length) {
  console.error(`test_util: FAILED: grouped differs from Intl.NumberFormat on ${wrong.slice(0, 5).map((n) => `${n}: ${context.grouped(n)} against ${intl.format(Number(n))}`).join('; ')}`);
  process.exit(1);
}
console.log(`test_util: grouped writes ${numbers.length} numbers as Intl.NumberFormat('en-US') does`);
