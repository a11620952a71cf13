import { deliveryMethodFilterOptions } from '@mc/domain';
import { ColumnFilterMenu } from './column-filter-menu.tsx';

/** METHOD column header: a filter dropdown of delivery methods (the domain's method labels); filtered, it shows the method. */
export function MethodFilter({
  methods,
  value,
  onChange,
}: {
  methods: string[];
  value: string | null;
  onChange: (method: string | null) => void;
}) {
  return (
    <ColumnFilterMenu
      name="Method"
      header="METHOD"
      allLabel="All methods"
      options={deliveryMethodFilterOptions(methods.length ? methods : undefined)}
      value={value}
      onChange={onChange}
    />
  );
}
