import type { AdminBlogPost } from '@footfall/contract';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { deleteBlogPost } from '../../api/admin-content';
import { isApiError } from '../../api/api-error';
import { http } from '../../app/services';
import { type Column, SortableTable } from '../../components/sortable-table';
import { showAlert } from '../../state/alerts';
import { formatDateTime } from './admin-format';
import { AdminShell } from './admin-shell';
import { EmptyState, Pager } from './list-controls';
import { useRows } from './use-rows';

const route = getRouteApi('/_main/_admin/admin/blogs/');

/** `/admin/blogs`: every post, drafts included, with a way to write, edit, view and delete them. */
export default function AdminBlogs() {
  const answer = route.useLoaderData();
  const { rows, remove } = useRows(answer.data);
  const [problem, setProblem] = useState<string | undefined>();

  const deletePost = async (post: AdminBlogPost) => {
    const choice = await showAlert({
      title: 'Delete this post?',
      text: `“${post.title}” will be removed${post.status === 'published' ? ' from the blog' : ''}. This cannot be undone.`,
    });
    if (choice !== 'ok') return;
    setProblem(undefined);
    try {
      await deleteBlogPost(http, post.id);
      remove(post.id);
    } catch (error) {
      if (isApiError(error) && error.status < 500 && error.status !== 0)
        setProblem(`“${post.title}” could not be deleted: ${error.message}`);
    }
  };

  const columns: Column<AdminBlogPost>[] = [
    {
      key: 'title',
      label: 'Title',
      sortValue: (post) => post.title,
      render: (post) => (
        <Link to="/admin/blogs/$blog_id" params={{ blog_id: post.id }} className="admin-row-title">
          {post.title}
        </Link>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      sortValue: (post) => post.status,
      render: (post) =>
        post.status === 'published' ? (
          <span className="badge badge-good">Published</span>
        ) : (
          <span className="badge">Draft</span>
        ),
    },
    {
      key: 'updated',
      label: 'Updated',
      sortValue: (post) => post.updated_at,
      render: (post) => <span className="nowrap">{formatDateTime(post.updated_at)}</span>,
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (post) => (
        <div className="row-actions">
          <Link to="/admin/blogs/$blog_id" params={{ blog_id: post.id }} className="button button-small">
            Edit <span className="visually-hidden">{post.title}</span>
          </Link>
          {post.status === 'published' ? (
            <a href={`/blogs/${post.id}`} className="button button-small">
              View <span className="visually-hidden">{post.title}</span>
            </a>
          ) : null}
          <button
            type="button"
            className="button button-small button-danger"
            onClick={() => void deletePost(post)}
          >
            Delete <span className="visually-hidden">{post.title}</span>
          </button>
        </div>
      ),
    },
  ];

  return (
    <AdminShell
      section="blogs"
      title="Blog posts"
      lead="Write in Markdown; visitors see the published posts at /blogs."
      actions={
        <Link to="/admin/blogs/new" className="button button-primary">
          New post
        </Link>
      }
    >
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      {answer.meta.total === 0 ? (
        <EmptyState title="No posts yet">
          Start with <Link to="/admin/blogs/new">a new post</Link>: save it as a draft until it is ready.
        </EmptyState>
      ) : (
        <section className="panel" aria-label="Posts">
          <SortableTable
            caption="Blog posts"
            columns={columns}
            rows={rows}
            rowKey={(post) => String(post.id)}
            initialSort="updated"
            empty="No posts on this page."
          />
          <Pager meta={answer.meta} noun="posts" />
        </section>
      )}
    </AdminShell>
  );
}
