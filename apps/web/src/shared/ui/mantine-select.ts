// Mantine's Select on its own, for a dynamic import (select-on-first-use.tsx): importing it from
// '@mantine/core' there would not tell the bundler which of the library's exports is wanted.
export { Select } from '@mantine/core';
