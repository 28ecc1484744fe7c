/* global module -- CommonJS config read by Vite (the package itself is ESM). */
// Mantine's breakpoint mixins and rem() helper in our *.module.css files.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
