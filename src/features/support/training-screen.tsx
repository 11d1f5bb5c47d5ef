import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useRemoteConfig } from '../../components/use-remote-config';

/** /support/ku, the training page (product §2 Other screens): three links, each in a new tab. */
export function TrainingScreen() {
  const config = useRemoteConfig();
  if (config === undefined) return <Loader m="xl" />;
  const links = [
    { label: 'Certified Service Tech Course', href: config?.training.certifiedServiceTechCourse },
    { label: 'Service Courses Catalog', href: config?.training.serviceCoursesCatalog },
    {
      label: 'Technician Certification Guide',
      href: config?.training.technicianCertificationGuide,
    },
  ];
  return (
    <Stack gap="sm" maw={560} mx="auto">
      <Title order={1} size="h2">
        Training
      </Title>
      {!config && <Text c="dimmed">The training links load once the app has been online.</Text>}
      {links.map((l) => (
        <Button
          key={l.label}
          component="a"
          href={l.href}
          target="_blank"
          rel="noopener noreferrer"
          size="md"
          variant="light"
          justify="flex-start"
          fullWidth
          disabled={!l.href}
        >
          {l.label}
        </Button>
      ))}
    </Stack>
  );
}
