import { Anchor, Group, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { PRODUCT_NAME } from '../../lib/brand.ts';
import classes from './developers.module.css';

/** Where the server renders the OpenAPI reference of the merchant API. */
export const API_DOCS_PATH = '/api-docs';

/** /developers (part 1 §2): the logo linking to / and the API documentation in a full-screen frame. */
export function DevelopersPage() {
  return (
    <div className={classes.page}>
      <header className={classes.bar}>
        <Anchor component={Link} to="/" aria-label={`${PRODUCT_NAME} home`} underline="never">
          <BrandLogo tone="light" size="sm" />
        </Anchor>
        <Group gap="lg" wrap="nowrap">
          <Text c="white" fw={600} fz="sm" visibleFrom="sm">
            Merchant API documentation
          </Text>
          <Anchor component={Link} to="/" c="white" fz="sm" fw={500}>
            <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: '-2px', marginRight: 4 }} />
            Back to console
          </Anchor>
        </Group>
      </header>
      <iframe className={classes.frame} src={API_DOCS_PATH} title="Merchant API documentation" />
    </div>
  );
}
