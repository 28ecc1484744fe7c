import { Image } from '@mantine/core';
import { PRODUCT_NAME } from '@portal/contract';
import defaultLogo from '../../assets/logo.svg';
import nsbiLogo from '../../assets/logo-nsbi.svg';
import { useSession } from '../session/session-store';

type BrandLogoProps = { height?: number };

/** The product logo; in NSBI mode (the NSBI flag, kept across logout) the NS BI logo (SPEC §1). */
export function BrandLogo({ height = 32 }: BrandLogoProps) {
  const { nsbi } = useSession();
  return (
    <Image
      src={nsbi ? nsbiLogo : defaultLogo}
      alt={nsbi ? 'NS BI' : PRODUCT_NAME}
      h={height}
      w="auto"
      fit="contain"
      data-testid={nsbi ? 'logo-nsbi' : 'logo-default'}
    />
  );
}
