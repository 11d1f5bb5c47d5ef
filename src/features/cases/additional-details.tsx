import { Accordion, SimpleGrid, Text } from '@mantine/core';
import type { FieldValue, LayoutResponse } from '../../../contract/cases';

function display(value: FieldValue | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/**
 * Product §2 Additional Details: the record type's layout, read-only, N/A for empty fields
 * (product §6). Sections and fields come from the gateway with remote-config overrides applied.
 */
export function AdditionalDetails({
  layout,
  fields,
}: {
  layout: LayoutResponse;
  fields: Record<string, FieldValue>;
}) {
  return (
    <Accordion variant="contained" data-testid="additional-details">
      <Accordion.Item value="details">
        <Accordion.Control>Additional Details</Accordion.Control>
        <Accordion.Panel>
          {layout.sections.map((section) => (
            <section key={section.id} aria-label={section.heading}>
              <Text fw={600} mt="sm" mb={4}>
                {section.heading}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                {section.fields.map((f) => (
                  <div key={f.apiName}>
                    <Text size="xs" c="dimmed">
                      {f.label}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                      {display(fields[f.apiName])}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </section>
          ))}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
