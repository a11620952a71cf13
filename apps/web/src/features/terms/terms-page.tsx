import { Anchor, Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { siteName } from '../../lib/brand.ts';
import classes from './terms.module.css';
import { TERMS_CLAUSES, TERMS_DATE, TERMS_INTRO, TERMS_TITLE } from './terms-content.ts';

/** /terms: opened in a new tab from the footer and the sign-up form; readable with or without a session. */
export function TermsPage() {
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <div className={classes.headerInner}>
          <Anchor component={Link} to="/" aria-label={`${siteName()} home`} underline="never">
            <BrandLogo tone="light" size="sm" />
          </Anchor>
        </div>
      </header>
      <Container size={860} py={{ base: 24, sm: 48 }} px={{ base: 12, sm: 'md' }} component="main">
        <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 48 }}>
          <Stack gap={4} mb="xl">
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {TERMS_TITLE}
            </Title>
            <Text c="dimmed" fz="sm">
              Dated {TERMS_DATE}
            </Text>
          </Stack>
          <Stack gap="sm" mb="xl">
            {TERMS_INTRO.map((p) => (
              <Text key={p} lh={1.65}>
                {p}
              </Text>
            ))}
          </Stack>
          <ol className={classes.clauses}>
            {TERMS_CLAUSES.map((clause) => (
              <li key={clause.title} className={classes.clause}>
                <Title order={2} fz="lg" mb={6}>
                  {clause.title}
                </Title>
                {clause.body.map((p) => (
                  <Text key={p} lh={1.65} c="dark.6" mb={6}>
                    {p}
                  </Text>
                ))}
              </li>
            ))}
          </ol>
        </Paper>
        <Box ta="center" mt="lg">
          <Text fz="xs" c="dimmed">
            © {new Date().getFullYear()} {siteName()}
          </Text>
        </Box>
      </Container>
    </div>
  );
}
