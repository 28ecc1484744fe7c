import { useId, useState, type ReactNode } from 'react';
import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import { BI_MESSAGES, NSBI_PRODUCT, type ReportItem } from '@portal/contract';
import { LightTooltip } from '../ui/light-tooltip';

/** An item opens embedded only when the BI server marks it view-only (docs/product.md §3). */
export const isOpenable = (item: ReportItem) => item.initialViewOptions === 'viewonly';

/** docs/product.md §8: 'Please contact {product} to view this {type}'. */
export const notOpenableMessage = (item: ReportItem) =>
  BI_MESSAGES.notViewOnly(item.managedBy ?? NSBI_PRODUCT, item.type);

/**
 * An item that cannot be opened (not view-only): no link to a dead-end page, but a control that says
 * why on hover, focus or click, in place. Screen readers hear the reason with the name.
 */
export function NotOpenable({
  item,
  className,
  children,
}: {
  item: ReportItem;
  className?: string;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const reasonId = useId();
  const message = notOpenableMessage(item);
  return (
    <LightTooltip label={message} opened={opened} multiline maw={280} position="bottom-start">
      <UnstyledButton
        className={className}
        aria-disabled
        aria-describedby={reasonId}
        data-not-openable
        onMouseEnter={() => setOpened(true)}
        onMouseLeave={() => setOpened(false)}
        onFocus={() => setOpened(true)}
        onBlur={() => setOpened(false)}
        onClick={() => setOpened(true)}
      >
        {children}
        <VisuallyHidden id={reasonId}>{message}</VisuallyHidden>
      </UnstyledButton>
    </LightTooltip>
  );
}
