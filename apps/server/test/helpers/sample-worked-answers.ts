/**
 * The numerical questions of the sample bank (apps/server/content), worked out again from the data in
 * their texts, by the start of each text. The sample-content test checks every stated key against
 * these, so a slip in a key (or a changed number in a question) shows up as a failing test.
 */
const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));
const binomial = (n: number, k: number) => factorial(n) / (factorial(k) * factorial(n - k));
/** Simpson's rule, to check integrals without trusting the closed form in the explanation. */
function integral(f: (x: number) => number, a: number, b: number, steps = 1000): number {
  const h = (b - a) / steps;
  let sum = f(a) + f(b);
  for (let i = 1; i < steps; i++) sum += f(a + i * h) * (i % 2 ? 4 : 2);
  return (sum * h) / 3;
}

const g = 10;
const parallel = (a: number, b: number) => (a * b) / (a + b);
/** Thin lens, real-is-positive: 1/v − 1/u = 1/f with u negative. */
const imageDistance = (u: number, f: number) => 1 / (1 / f + 1 / u);

export const WORKED_NUMERICAL_ANSWERS: Record<string, number> = {
  // Physics
  'A horizontal force of $20': (20 - 0.25 * 4 * g) / 4,
  'A uniform solid sphere starts': Math.sqrt((2 * g * 1.4) / (1 + 2 / 5)),
  'What is the period of the oscillation': 2 * Math.PI * Math.sqrt(1 / 100),
  'In the circuit shown (battery': ((12 / (2 + parallel(6, 3))) * parallel(6, 3)) / 6,
  'A $4\\ \\mu\\text{F}$ capacitor charged': (0.5 * 4e-6 * 50 ** 2 - 0.5 * 8e-6 * 25 ** 2) * 1000,
  'An uncharged $100\\ \\mu\\text{F}$': 10e3 * 100e-6 * Math.log(2),
  'In the ray diagram the object O': 2 * Math.abs(imageDistance(-15, 10) / -15),
  'Light of wavelength $620': 1240 / 620 - 1.2,
  'What is the fringe width': ((500e-9 * 1) / 0.5e-3) * 1000,
  // Chemistry
  'What is the pH of a $0.001': -Math.log10(0.001),
  'What volume, in litres': (8 / 32) * 0.0821 * 300,
  'How much heat, in kJ': (34 / 17 / 2) * 92,
  'By how many kelvin': 1.86 * 0.5 * 1,
  'What is the spin-only': Math.sqrt(5 * (5 + 2)),
  'What is the oxidation state of chromium': (0 - 2 * 1 - 7 * -2) / 2,
  'How many structural isomers does the alkane': ['pentane', '2-methylbutane', '2,2-dimethylpropane'].length,
  'What is the degree of unsaturation': 6 - 6 / 2 + 1,
  'What is the molar mass of X': 4 * 12 + 8 * 1 + 16,
  // JEE Main: Physics
  'A car starts from rest and accelerates uniformly to $30': 0.5 * (30 / 10) * 10 ** 2,
  'A particle moves in a circle of radius $2': 6 ** 2 / 2,
  'A $12\\ \\text{V}$ battery': 12 ** 2 / 4,
  'A $2\\ \\mu\\text{F}$ capacitor is charged': 0.5 * 2e-6 * 100 ** 2 * 1000,
  'A photon of wavelength $400': 1240 / 400,
  // JEE Main: Chemistry
  'How many moles of carbon dioxide': 22 / 44,
  '$4\\ \\text{g}$ of sodium hydroxide': 4 / 40 / 0.5,
  // The half-life rounded as the question's own data is (0.693 for ln 2).
  'A first-order reaction has a rate constant': 0.693 / 0.0693,
  'How many structural isomers does $\\mathrm{C_4H_{10}}$': ['butane', '2-methylpropane'].length,
  'What is the oxidation state of manganese': 0 - 1 - 4 * -2,
  // JEE Main: Mathematics
  'What is the sum of the first 20': (20 * 21) / 2,
  'What is the value of $\\int_0^2 3x^2': integral((x) => 3 * x * x, 0, 2),
  'What is the area, in square units, of the region enclosed by the curve $y = 6x': integral(
    (x) => 6 * x - x * x,
    0,
    6,
  ),
  'What is the radius of the circle $x^2': Math.hypot(3, 4),
  'If $\\tan\\theta = \\frac{3}{4}$': 10 * Math.sin(Math.atan(3 / 4)),
  // Mathematics
  'In how many distinct ways': factorial(5) / (factorial(2) * factorial(2)),
  'What is the coefficient of $x^3$': binomial(5, 3) * 2 ** 3,
  'What is the determinant of $A^2$': (2 * 2 - 1 * 1) ** 2,
  'What is the area of the shaded region': integral((x) => x - x * x, 0, 1),
  'What is $\\lim_{x \\to 0}': Math.sin(3 * 1e-7) / 1e-7,
  'What is $\\int_0^{\\pi/2} \\sin^2 x': integral((x) => Math.sin(x) ** 2, 0, Math.PI / 2),
  'What is the distance of the point $(1, 2, 3)$': Math.abs(1 + 2 * 2 + 2 * 3 - 2) / Math.hypot(1, 2, 2),
  'What is the radius of the circle inscribed': (0.5 * 4 * 3) / ((3 + 4 + Math.hypot(3, 4)) / 2),
  'What is the length of the latus rectum': 12,
  'What is the distance SP': Math.hypot(3 - 12 / 4, 6 - 0),
};
