// uses: util.js
// The Cantor rank of the board shown, under "Watch the search": the board's cells, their Lehmer
// digits (the crate's, through `replay`), the factorials they weigh and the sum that is the rank,
// and why the ranks number the boards with no gap and no clash.
'use strict';

const cantor = {
  // The board shown in the puzzle ranked (it follows every move and step): a row a
  // cell, its token, its Lehmer digit (the crate's: how many later cells hold a smaller value),
  // the factorial of the cells after it and their product; the products add up to the rank.
  show(entry) {
    const box = $('cantor-box'), ranked = Boolean(entry && entry.digits && entry.digits.length);
    box.hidden = !ranked;
    if (!ranked) return;
    const n = entry.digits.length, factorial = (m) => (m <= 1 ? 1 : m * factorial(m - 1));
    let sum = 0;
    const rows = entry.digits.map((digit, i) => {
      const weight = factorial(n - 1 - i);
      sum += digit * weight;
      return html('tr', { className: digit ? '' : 'zero' }, html('td', { textContent: i + 1 }), html('td', { textContent: entry.tokens[i] === 'x' ? 'x' : entry.tokens[i] }),
        html('td', { textContent: digit, className: 'digit' }), html('td', { textContent: `${n - 1 - i}! = ${grouped(weight)}` }), html('td', { textContent: grouped(digit * weight) }));
    });
    $('cantor').querySelector('tbody').replaceChildren(...rows);
    $('cantor-sum').textContent = grouped(sum);
    $('cantor').dataset.rank = entry.rank;
    $('cantor').dataset.sum = sum;
    $('cantor-board').textContent = entry.tokens.join(' ');
    // Why the ranks number the boards 0 … n! − 1 with no gap and no clash: cell i's digit runs
    // over 0 … n − 1 − i, so the digits are the n! numbers of the factorial number system, each
    // a different sum, the largest the one below n!.
    const most = Array.from({ length: n - 1 }, (_, i) => n - 1 - i), largest = most.reduce((a, k) => a + k * factorial(k), 0);
    $('cantor-why').textContent = `Why no two boards share a rank and none is skipped: cell i's digit can only be 0 to ${n} − i, and ` +
      `each digit outweighs all later ones together (k·k! + … + 1·1! = (k + 1)! − 1), so every choice of digits gives its own sum; ` +
      `the largest, ${most.map((k) => `${k}·${k}!`).join(' + ')} = ${grouped(largest)} = ${n}! − 1, so the ${grouped(factorial(n))} boards take exactly the ranks 0 to ${grouped(largest)}.`;
    $('cantor-why').dataset.largest = largest;
  },
};
