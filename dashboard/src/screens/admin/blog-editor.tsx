import type { AdminBlogPost, AdminBlogPostCreateBody, AdminBlogPostUpdateBody } from '@footfall/contract';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { createBlogPost, updateBlogPost } from '../../api/admin-content';
import { http } from '../../app/services';
import { FormError, TextAreaField, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { required, url } from '../../forms/rules';
import { type FormValuesOf, useForm } from '../../forms/use-form';
import { formatDateTime } from './admin-format';
import { AdminShell } from './admin-shell';
import { MarkdownPreview } from './markdown-preview';

type Field = 'title' | 'slug' | 'excerpt' | 'cover_url' | 'body_markdown';
type Intent = 'save' | 'publish' | 'unpublish';

const schema = {
  title: [required()],
  slug: [],
  excerpt: [],
  cover_url: [url()],
  body_markdown: [required()],
};
const labels = { cover_url: 'cover image URL', body_markdown: 'post' };

/**
 * What a save said, kept across the move from `/admin/blogs/new` to the new post's own address (another
 * route, so another mount of the editor).
 */
let noticeAfterCreate: string | undefined;

function initialValues(post: AdminBlogPost | undefined): FormValuesOf<Field> {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    cover_url: post?.cover_url ?? '',
    body_markdown: post?.body_markdown ?? '',
  };
}

/** The fields as the API takes them: empty optional ones left out (a cleared cover is `null`). */
function bodyOf(values: FormValuesOf<Field>, post: AdminBlogPost | undefined): AdminBlogPostUpdateBody {
  const text = (field: Field) => String(values[field]).trim();
  const body: AdminBlogPostUpdateBody = {
    title: text('title'),
    body_markdown: String(values.body_markdown),
    excerpt: text('excerpt'),
  };
  if (text('slug')) body.slug = text('slug');
  if (text('cover_url')) body.cover_url = text('cover_url');
  else if (post?.cover_url) body.cover_url = null;
  return body;
}

/** The blog editor: Markdown with a live preview rendered by the server, saved as a draft or published. */
export function BlogEditor({ post }: { post?: AdminBlogPost }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState<AdminBlogPost | undefined>(post);
  const [notice, setNotice] = useState<string | undefined>(() => noticeAfterCreate);
  useEffect(() => {
    noticeAfterCreate = undefined;
  }, []);
  const intent = useRef<Intent>('save');
  const form = useForm(schema, initialValues(post), { labels });
  const isPublished = saved?.status === 'published';

  const submit = form.handleSubmit(async (values) => {
    setNotice(undefined);
    const fields = bodyOf(values, saved);
    const chosen = intent.current;
    if (!saved) {
      const { excerpt, cover_url, slug } = fields;
      const body: AdminBlogPostCreateBody = {
        title: fields.title ?? '',
        body_markdown: fields.body_markdown ?? '',
        published: chosen === 'publish',
        // Left out when empty: the server then takes the excerpt from the text and the slug from the title.
        ...(excerpt ? { excerpt } : {}),
        ...(cover_url ? { cover_url } : {}),
        ...(slug ? { slug } : {}),
      };
      const { data } = await createBlogPost(http, body);
      noticeAfterCreate = data.status === 'published' ? 'Published.' : 'Saved as a draft.';
      await navigate({ to: '/admin/blogs/$blog_id', params: { blog_id: data.id }, replace: true });
      return;
    }
    const body: AdminBlogPostUpdateBody = { ...fields };
    if (chosen === 'publish') body.published = true;
    if (chosen === 'unpublish') body.published = false;
    const { data } = await updateBlogPost(http, saved.id, body);
    setSaved(data);
    setNotice(
      chosen === 'publish'
        ? 'Published.'
        : chosen === 'unpublish'
          ? 'Unpublished: the post is a draft again, and gone from the blog.'
          : 'Changes saved.',
    );
  });

  const title = saved ? 'Edit post' : 'New post';
  const choose = (next: Intent) => () => {
    intent.current = next;
  };

  return (
    <AdminShell
      section="blogs"
      title={title}
      crumb={saved ? saved.title : 'New post'}
      lead={
        saved ? (
          <>
            {isPublished ? (
              <span className="badge badge-good">Published</span>
            ) : (
              <span className="badge">Draft</span>
            )}{' '}
            Last saved {formatDateTime(saved.updated_at)}
          </>
        ) : (
          'Nothing is public until you publish.'
        )
      }
      actions={
        saved && isPublished ? (
          <a className="button" href={`/blogs/${saved.id}`}>
            View post
          </a>
        ) : null
      }
    >
      {notice ? (
        <Notice tone="success">
          <p>
            {notice} {isPublished && saved ? <a href={`/blogs/${saved.id}`}>See it on the blog</a> : null}
          </p>
        </Notice>
      ) : null}
      <form className="blog-editor" noValidate onSubmit={submit} aria-label={title}>
        <div className="panel form blog-fields">
          <FormError message={form.formError} />
          <TextField label="Title" autoComplete="off" {...form.bind('title')} />
          <TextField
            label="Slug (optional)"
            autoComplete="off"
            hint="Lower-case letters, digits and hyphens; made from the title when left empty."
            {...form.bind('slug')}
          />
          <TextAreaField
            label="Excerpt (optional)"
            rows={2}
            hint="A sentence or two for the blog's list."
            {...form.bind('excerpt')}
          />
          <TextField
            label="Cover image URL (optional)"
            type="url"
            inputMode="url"
            placeholder="https://…"
            {...form.bind('cover_url')}
          />
          <TextAreaField
            label="Post (Markdown)"
            rows={18}
            hint="Markdown: headings, lists, links, images, code. HTML outside the allowed tags is removed."
            {...form.bind('body_markdown')}
          />
          <div className="form-actions">
            {isPublished ? (
              <>
                <button
                  type="submit"
                  className="button button-primary"
                  disabled={form.submitting}
                  onClick={choose('save')}
                >
                  Save changes
                </button>
                <button
                  type="submit"
                  className="button"
                  disabled={form.submitting}
                  onClick={choose('unpublish')}
                >
                  Unpublish
                </button>
              </>
            ) : (
              <>
                <button type="submit" className="button" disabled={form.submitting} onClick={choose('save')}>
                  Save draft
                </button>
                <button
                  type="submit"
                  className="button button-primary"
                  disabled={form.submitting}
                  onClick={choose('publish')}
                >
                  Publish
                </button>
              </>
            )}
            {form.submitting ? (
              <span className="muted small" role="status">
                Saving…
              </span>
            ) : null}
            <Link to="/admin/blogs" className="small">
              Back to all posts
            </Link>
          </div>
        </div>
        <MarkdownPreview markdown={String(form.values.body_markdown)} />
      </form>
    </AdminShell>
  );
}
