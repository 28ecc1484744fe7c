import { describe, expect, it } from 'vitest';
import { mantineStyles } from './mantine-styles';

const [build] = mantineStyles();
const transform = (code: string, id: string) =>
  (build!.transform as (code: string, id: string) => { code: string } | null)(code, id);
const core = '/repo/node_modules/@mantine/core/esm';

describe('the Mantine stylesheets put back into the build', () => {
  it('gives a component module its stylesheet after its own imports', () => {
    const code = [
      'import { UnstyledButton } from "../UnstyledButton/UnstyledButton.mjs";',
      'import Button_module_default from "./Button.module.mjs";',
      'import { jsx } from "react/jsx-runtime";',
      'function Button() {}',
    ].join('\n');
    const out = transform(code, `${core}/components/Button/Button.mjs`)!.code;
    expect(out.startsWith(code)).toBe(true);
    expect(out.slice(code.length).trim()).toBe("import '@mantine/core/styles/Button.css';");
  });

  it('gives a part of a component the stylesheet of the component whose class names it uses', () => {
    const code =
      'import Input_module_default from "../Input.module.mjs";\nimport Combobox_module_default from "../../Combobox/Combobox.module.mjs";';
    const out = transform(code, `${core}/components/Input/InputWrapper/InputWrapper.mjs`)!.code;
    expect(out).toContain("import '@mantine/core/styles/Input.css';");
    expect(out).toContain("import '@mantine/core/styles/Combobox.css';");
  });

  it("puts the provider's base stylesheets where its empty modules were, but not the default variables", () => {
    const code = [
      'import { MantineCssVariables } from "./MantineCssVariables/MantineCssVariables.mjs";',
      'import "./baseline.mjs";',
      'import "./default-css-variables.mjs";',
      'import "./global.mjs";',
    ].join('\n');
    const out = transform(code, `${core}/core/MantineProvider/MantineProvider.mjs`)!.code.split('\n');
    expect(out).toEqual([
      'import { MantineCssVariables } from "./MantineCssVariables/MantineCssVariables.mjs";',
      "import '@mantine/core/styles/baseline.css';",
      'import "./default-css-variables.mjs";',
      "import '@mantine/core/styles/global.css';",
    ]);
  });

  it('leaves other code alone', () => {
    expect(transform('import x from "./x.module.mjs";', '/repo/apps/web/src/app/x.ts')).toBeNull();
    expect(transform('export const rem = 1;', `${core}/core/utils/rem.mjs`)).toBeNull();
  });
});
