import { describe, expect, it } from 'vitest';
import {
  applyDraft,
  choosesFromList,
  draftOf,
  typedValues,
  withField,
  withOperator,
  withoutValue,
  withValues,
} from './filter-draft';

describe('the filter draft', () => {
  it('starts a new filter on pages, and an edit from the filter as the URL holds it', () => {
    expect(draftOf()).toEqual({ field: 'page', propKey: '', operator: 'is', values: [], typed: '' });
    expect(draftOf('country', '!US|DE')).toEqual({
      field: 'country',
      propKey: '',
      operator: 'is_not',
      values: ['US', 'DE'],
      typed: '',
    });
    expect(draftOf('prop:plan', '~pro')).toMatchObject({ field: 'prop', propKey: 'plan', values: ['pro'] });
  });

  it('writes the filter as the API reads it, with what is still typed', () => {
    const draft = { ...draftOf('country', '!US'), typed: 'germany, fr' };
    expect(applyDraft(draft)).toEqual({ name: 'country', value: '!US|DE|FR' });
    expect(applyDraft({ ...draftOf(), operator: 'contains', typed: 'blog' })).toEqual({
      name: 'page',
      value: '~blog',
    });
    expect(applyDraft({ ...draftOf(), values: ['!important', 'a|b'] })).toEqual({
      name: 'page',
      value: '\\!important|a\\|b',
    });
    expect(applyDraft({ ...draftOf(), field: 'prop', propKey: ' plan ', values: ['pro'] })).toEqual({
      name: 'prop:plan',
      value: 'pro',
    });
  });

  it('says what is wrong instead of writing a filter the API would refuse', () => {
    expect(applyDraft(draftOf())).toEqual({ problem: 'Add at least one value.' });
    expect(applyDraft({ ...draftOf('country', 'US'), typed: 'Atlantis' })).toEqual({
      problem: 'A country is its two-letter code, such as DE for Germany.',
    });
    expect(applyDraft({ ...draftOf(), field: 'prop', values: ['pro'] })).toEqual({
      problem: 'Name the property.',
    });
  });

  it('drops the values of another field, and keeps the operator where the field has it', () => {
    const pages = { ...draftOf('page', '!/a|/b'), typed: '/c' };
    expect(withField(pages, 'source')).toEqual({
      field: 'source',
      propKey: '',
      operator: 'is_not',
      values: [],
      typed: '',
    });
    expect(withField({ ...pages, operator: 'contains' }, 'goal').operator).toBe('is');
  });

  it('keeps the values across operators, and only the devices when the devices are ticked', () => {
    expect(withOperator(draftOf('page', '/a|/b'), 'contains').values).toEqual(['/a', '/b']);
    const typed = draftOf('device', '~mob|desktop');
    expect(choosesFromList('device', 'contains')).toBe(false);
    expect(choosesFromList('device', 'is_not')).toBe(true);
    expect(withOperator(typed, 'is_not')).toMatchObject({ operator: 'is_not', values: ['desktop'] });
    expect(withOperator(draftOf('goal', '3|8'), 'is_not')).toMatchObject({ values: ['3', '8'] });
  });

  it('adds each value once, reads countries by name, and removes a value', () => {
    const draft = withValues(draftOf('page', '/a'), ['/a', '/b', '']);
    expect(draft.values).toEqual(['/a', '/b']);
    expect(withoutValue(draft, '/a').values).toEqual(['/b']);
    expect(typedValues({ field: 'country', operator: 'is' }, 'United Kingdom, de')).toEqual(['GB', 'DE']);
    expect(typedValues({ field: 'country', operator: 'contains' }, 'united')).toEqual(['united']);
    expect(typedValues({ field: 'page', operator: 'is' }, ' /a , /b ')).toEqual(['/a', '/b']);
  });
});
