import { Accordion, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import type { FieldValue, LayoutResponse } from '../../../contract/cases';
import { displayFieldValue } from '../../domain/field-display';

/**
 * Product §2 Additional Details: the record type's layout, read-only, N/A for empty fields
 * (product §6). Sections and fields come from the gateway with remote-config overrides applied.
 * The fields are built when the accordion first opens: a case opens with it closed, and a layout's
 * forty-odd fields cost the case's first render time for nothing.
 */
export function AdditionalDetails({
  layout,
  fields,
}: {
  layout: LayoutResponse;
  fields: Record<string, FieldValue>;
}) {
  // Once built, the fields stay, so closing animates them out.
  const [built, setBuilt] = useState(false);
  return (
    <Accordion
      variant="contained"
      data-testid="additional-details"
      onChange={(value) => value && setBuilt(true)}
    >
      <Accordion.Item value="details">
        <Accordion.Control>Additional Details</Accordion.Control>
        <Accordion.Panel>
          {built &&
            layout.sections.map((section) => (
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
                        {displayFieldValue(f, fields[f.apiName])}
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
