import { Image } from '@mantine/core';
import { PRODUCT_NAME } from '@portal/contract';
// Inlined (data URLs, under 1 KB each): the logo is often the largest thing a phone draws first, and as
// a file its request could start only once the code that draws it had run (decision 0044).
import defaultSvg from '../../assets/logo.svg?raw';
import nsbiSvg from '../../assets/logo-nsbi.svg?raw';
import { useSession } from '../session/session-store';
import { svgDataUrl } from './svg-data-url';

type BrandLogoProps = {
  height?: number;
  /** A narrow screen may need less width than `height` gives: the drawing then shrinks whole. */
  maw?: string;
};

const defaultLogo = svgDataUrl(defaultSvg);
const nsbiLogo = svgDataUrl(nsbiSvg);

/** The drawings' own size (their viewBox): the page can reserve the logo's box before it loads. */
const INTRINSIC = { width: { default: 196, nsbi: 212 }, height: 36 };

/** The product logo; in NSBI mode (the NSBI flag, kept across logout) the NS BI logo (docs/product.md §1). */
export function BrandLogo({ height = 32, maw }: BrandLogoProps) {
  const { nsbi } = useSession();
  const width = Math.round((INTRINSIC.width[nsbi ? 'nsbi' : 'default'] * height) / INTRINSIC.height);
  return (
    <Image
      src={nsbi ? nsbiLogo : defaultLogo}
      alt={nsbi ? 'NS BI' : PRODUCT_NAME}
      width={width}
      height={height}
      h={height}
      w="auto"
      maw={maw}
      fit="contain"
      data-testid={nsbi ? 'logo-nsbi' : 'logo-default'}
    />
  );
}
