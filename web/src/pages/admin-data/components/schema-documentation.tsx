import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import { useStages } from '../../../common/ui/use-stages.ts';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { dataFileSchema, onboardingFileSchema } from '@cpbo/schemas/data-files.ts';
import { Section } from '../../../common/ui/section.tsx';

/** The parts of a JSON Schema node that the documentation reads. */
export interface SchemaNode {
  type?: string | readonly string[];
  properties?: Readonly<Record<string, SchemaNode>>;
  required?: readonly string[];
  items?: SchemaNode;
  enum?: readonly unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxItems?: number;
}

/** Every property name of a schema, at any depth (each one has a description in both languages). */
export const propertyNames = (node: SchemaNode): string[] => [
  ...Object.entries(node.properties ?? {}).flatMap(([name, child]) => [name, ...propertyNames(child)]),
  ...(node.items ? propertyNames(node.items) : []),
];

const typesOf = (node: SchemaNode): string[] =>
  node.type === undefined ? [] : typeof node.type === 'string' ? [node.type] : [...node.type];

/** One line of a property's type and bounds, in the page's language. */
function useDescribeType() {
  const { t } = useTranslation();
  return (node: SchemaNode): string => {
    const types = typesOf(node).filter((type) => type !== 'null');
    const nullable = typesOf(node).includes('null') ? ` ${t('datas.doc.nullable')}` : '';
    const [type] = types;
    let text: string;
    if (node.enum) text = t('datas.doc.type.enum', { values: node.enum.join(', ') });
    else if (type === 'string' && node.format === 'date') text = t('datas.doc.type.date');
    else if (type === 'string' && node.format === 'date-time') text = t('datas.doc.type.dateTime');
    else if (type === 'string' && node.pattern?.startsWith('^data:image/')) text = t('datas.doc.type.image');
    else if (type === 'string') text = t('datas.doc.type.text', { max: node.maxLength });
    else if (type === 'number' || type === 'integer')
      text = t(`datas.doc.type.${type}`, {
        min: node.exclusiveMinimum ?? node.minimum,
        max: node.maximum,
        context: node.exclusiveMinimum === undefined ? undefined : 'positive',
      });
    else if (type === 'boolean') text = t('datas.doc.type.boolean');
    else if (type === 'array') text = t('datas.doc.type.list', { max: node.maxItems });
    else text = t('datas.doc.type.object');
    return `${text}${nullable}`;
  };
}

function Properties({ node }: { node: SchemaNode }): ReactNode {
  const { t } = useTranslation();
  const describeType = useDescribeType();
  const required = new Set(node.required ?? []);
  return (
    <ul>
      {Object.entries(node.properties ?? {}).map(([name, child]) => {
        const nested = child.items ?? child;
        return (
          <li key={name}>
            <Box variant="code">{name}</Box> (
            {required.has(name) ? t('datas.doc.required') : t('datas.doc.optional')}) — {describeType(child)}.{' '}
            {t(`datas.doc.fields.${name}`)}
            {nested.properties && <Properties node={nested} />}
          </li>
        );
      })}
    </ul>
  );
}

function FileSchema({
  title,
  description,
  schema,
}: {
  title: string;
  description: string;
  schema: SchemaNode;
}) {
  const { t } = useTranslation();
  const describeType = useDescribeType();
  const item = schema.items as SchemaNode;
  return (
    <ExpandableSection headerText={title} variant="container" defaultExpanded>
      <SpaceBetween size="xs">
        <Box>{description}</Box>
        <Box>
          {describeType(schema)}; {t('datas.doc.eachItem')}
        </Box>
        <Properties node={item} />
        <Box variant="small">
          <a
            href={`data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(schema, null, 2))}`}
            download={`${String((schema as { $id?: string }).$id ?? 'schema').replace('/', '-')}.schema.json`}
          >
            {t('datas.doc.downloadSchema')}
          </a>
        </Box>
      </SpaceBetween>
    </ExpandableSection>
  );
}

/** The documentation of both files, from their schemas (schemas/data-files.ts), in the page's language. */
export function SchemaDocumentation() {
  const { t } = useTranslation();
  // Each file's long list in a task of its own (common/ui/use-stages.ts).
  const stage = useStages(2);
  return (
    <Section title={t('datas.doc.title')} description={t('datas.doc.description')}>
      <SpaceBetween size="m">
        <FileSchema
          title={t('datas.doc.dataFile')}
          description={t('datas.doc.dataFileDescription')}
          schema={dataFileSchema}
        />
        {stage >= 2 && (
          <FileSchema
            title={t('datas.doc.onboardingFile')}
            description={t('datas.doc.onboardingFileDescription')}
            schema={onboardingFileSchema}
          />
        )}
      </SpaceBetween>
    </Section>
  );
}
